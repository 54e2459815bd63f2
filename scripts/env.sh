# Sourced by the scripts: the tool paths and settings every step shares.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# Trunk must use the pinned tools on PATH and never try to download its own.
export TRUNK_SKIP_VERSION_CHECK=true
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# Panic locations in the lab's wasm name their source files. The crates' absolute paths in
# Cargo's registry (about 3 KB of the page) are written as short names instead. The folder's name
# is Cargo's for the crates.io index, the same on every machine; the flag applies to wasm builds
# only, so native builds and their cache are untouched.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}/registry/src/index.crates.io-1949cf8c6b5b557f=r"
