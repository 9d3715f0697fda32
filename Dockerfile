# The maprender container image: the command line on Debian 12 (bookworm), with the
# shared libraries it links, libcurl for HTTP tile sources and the fonts of the styles.
#
#   docker build -t maprender .
#   docker run --rm -v "$PWD:/work" maprender --places /work/favs.db -o /work/map.png
#
# Two stages: the official Swift image compiles a release binary with the Swift runtime
# linked in statically; the runtime stage is debian:bookworm-slim with only the non-dev
# packages of the libraries (Tests/EndToEndTests/ContainerImageTests.swift checks that
# they cover what the binary links and the fonts the built-in styles name). CI builds the
# runtime stage as it is written, on a local Debian 12 base with the host's release binary,
# and runs the image (.ci/engines.sh): keep its last COPY --from=build /staging/ line.

ARG SWIFT_VERSION=6.3

FROM swift:${SWIFT_VERSION}-bookworm AS build
# The -dev packages of README "Quick start" and .ci/run (libcurl's headers are not used:
# libcurl is loaded at run time).
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update \
    && apt-get install -y --no-install-recommends \
        libcairo2-dev libpango1.0-dev libsqlite3-dev libturbojpeg0-dev libjpeg62-turbo-dev libdeflate-dev zlib1g-dev \
        libwebp-dev libcurl4-openssl-dev libgdal-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The binary and its SwiftPM resource bundles (maprender_<Target>.resources: the world
# basemap, the styles) go to one folder: maprender looks for the bundles next to itself,
# with symbolic links resolved (Sources/MapFormats/Files/ResourceBundle.swift).
RUN swift build -c release --product maprender --static-swift-stdlib \
    && bin="$(swift build -c release --product maprender --static-swift-stdlib --show-bin-path)" \
    && mkdir -p /staging \
    && cp "$bin/maprender" /staging/ \
    && strip /staging/maprender \
    && cp -R "$bin"/*.resources /staging/

FROM debian:bookworm-slim
# Only runtime packages: the libraries the binary links (Cairo, Pango, SQLite, libjpeg-turbo's
# TurboJPEG and libjpeg APIs, libwebp, libdeflate, zlib, GDAL for basemap import-dem; the C++
# runtime of the static Swift runtime), libcurl4 for --basemap with http(s) tiles (loaded with dlopen) with the CA certificates,
# and the fonts: DejaVu Sans, which every built-in style names (core: book and bold; extra: the
# oblique faces) and which also covers Greek, Cyrillic, Arabic and Hebrew for --language; IPAGothic
# for Japanese (and the Chinese characters it shares); Lohit Devanagari (fonts-lohit-deva, 190 kB)
# for Hindi, Marathi and Nepali.
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update \
    && apt-get install -y --no-install-recommends \
        libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libsqlite3-0 libturbojpeg0 libjpeg62-turbo libdeflate0 zlib1g \
        libwebp7 libgdal32 libstdc++6 \
        libcurl4 ca-certificates \
        fonts-dejavu-core fonts-dejavu-extra fonts-ipafont-gothic fonts-lohit-deva \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /staging/ /usr/local/lib/maprender/
RUN ln -s ../lib/maprender/maprender /usr/local/bin/maprender \
    && groupadd --gid 10001 maprender \
    && useradd --create-home --uid 10001 --gid 10001 maprender \
    && mkdir -p /work \
    && chown maprender:maprender /work
# Numeric, so Kubernetes can check runAsNonRoot.
USER 10001:10001
# The tile cache (~/.cache/maprender/tiles.sqlite) lives in the user's home.
ENV HOME=/home/maprender
WORKDIR /work
ENTRYPOINT ["maprender"]
CMD ["--help"]
