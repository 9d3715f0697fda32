#!/bin/sh
cd "$(dirname "$0")" && rm -f favorites.db && sqlite3 favorites.db < favorites.sql
