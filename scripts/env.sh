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
# The wasm pages' builds only (Trunk in scripts/test and scripts/serve, scripts/weigh): the
# standard library built from source at the page's profile (opt-level "z") with immediate-abort
# panics, in place of the precompiled one (opt-level 3, panic messages and locations formatted).
# Measured: the plain lab -16.7 KB gzip, the assignment page -18.7, the kube page -17.5 (docs/size.md,
# "Building the standard library for size"). The compiler stays stable 1.95; RUSTC_BOOTSTRAP lets
# these builds alone use cargo's unstable build-std (it needs rustup's rust-src, scripts/setup).
# A panic then traps: the student sees the same notice (boot.js), but the host's `error` carries
# the trap's message, not the panic's text. Native builds and tests never get these variables.
PAGE_BUILD_ENV=(RUSTC_BOOTSTRAP=1 CARGO_UNSTABLE_BUILD_STD=std,panic_abort
  CARGO_UNSTABLE_PANIC_IMMEDIATE_ABORT=true CARGO_PROFILE_WASM_RELEASE_PANIC=immediate-abort)
