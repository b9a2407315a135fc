#!/bin/sh
# Starts the run's Chromium ($POSTROOM_E2E_CHROMIUM) at the priority of the server's worker threads.
#
# Chromium raises its own threads (browser, GPU, compositors) to nice -8 where it may, and as root it
# may. The server lowers its parse, module and OCR threads to nice +10 (src/parsing/background-priority.mjs)
# so that on its machine the thread answering HTTP runs first. With both on one machine the pipeline
# got about 2 % of a core while the browser drew: an analysis of a few seconds stayed "waiting" for a
# minute. A user's browser is not on the server's machine; here it runs at +10, beside the workers
# and below the server's main thread, and without the right to raise its threads again.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  exec nice -n 10 setpriv --bounding-set -sys_nice --inh-caps -sys_nice "$POSTROOM_E2E_CHROMIUM" "$@"
fi
exec nice -n 10 "$POSTROOM_E2E_CHROMIUM" "$@"
