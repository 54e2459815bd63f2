# Sourced by the scripts: the tool paths and settings every step shares.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# Trunk must use the pinned tools on PATH and never try to download its own.
export TRUNK_SKIP_VERSION_CHECK=true
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
