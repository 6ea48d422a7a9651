// The Guandan table's optional script: every feature works without it.
"use strict";
