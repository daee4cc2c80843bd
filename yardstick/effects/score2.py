"""Score the second blind batch: score.py over cases2.py, written to /tmp/yardstick-effects2.

    python3 yardstick/effects/score2.py BIN [--list] [--real] [--jobs N]

Same options and output as score.py (see its docstring); --real looks under
/tmp/yardstick-effects2/real.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases2  # noqa: E402
import score  # noqa: E402

if __name__ == "__main__":
    score.use_batch(cases2, "/tmp/yardstick-effects2")
    score.main()
