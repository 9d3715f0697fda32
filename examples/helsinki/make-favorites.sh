#!/bin/sh
# Recreates favorites.db: ten places in central Helsinki, written with maprender's own
# `places add` (the native favorites schema).
#
#   swift build --product maprender && examples/helsinki/make-favorites.sh
#
# MAPRENDER may name another maprender binary (default: .build/debug/maprender of this package).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
maprender=${MAPRENDER:-$here/../../.build/debug/maprender}
db=$here/favorites.db
rm -f "$db"
add() {
    "$maprender" places add --db "$db" --city Helsinki "$@" > /dev/null
}
add --name "Helsinki Cathedral" --lat 60.1702 --lon 24.9522 --street "Unioninkatu 29" --postal 00170 --color purple
add --name "Market Square" --lat 60.1675 --lon 24.9527 --street "Kauppatori" --postal 00170 --radius 120m --proximity
add --name "Old Market Hall" --lat 60.1672 --lon 24.9531 --street "Eteläranta" --postal 00130
add --name "Uspenski Cathedral" --lat 60.1686 --lon 24.9601 --street "Kanavakatu 1" --postal 00160 --color purple
add --name "Ateneum" --lat 60.1700 --lon 24.9443 --street "Kaivokatu 2" --postal 00100 --color green
add --name "Central Station" --lat 60.1719 --lon 24.9414 --street "Kaivokatu 1" --postal 00100 --going-next
add --name "Kiasma" --lat 60.1722 --lon 24.9365 --street "Mannerheiminaukio 2" --postal 00100 --color green
add --name "Esplanadi Park" --lat 60.1677 --lon 24.9476 --street "Pohjoisesplanadi" --postal 00130 --color "#2e8b57"
add --name "Stockmann" --lat 60.1685 --lon 24.9416 --street "Aleksanterinkatu 52" --postal 00100
add --name "Havis Amanda" --lat 60.1677 --lon 24.9522 --street "Kauppatori" --postal 00170
"$maprender" places list --db "$db"
