#!/usr/bin/env node
// The drop CLI lives in its own package, packages/drop-cli (published to npm as drop-md);
// this entry lets `npx drop` inside this repository run the same code.
import '../packages/drop-cli/bin/drop.mjs'
