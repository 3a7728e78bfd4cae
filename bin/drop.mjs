#!/usr/bin/env node
// The drop CLI lives in its own package, packages/drop-cli (users download it from the drop
// service, GET /cli); this entry lets `npx drop` inside this repository run the same code.
import '../packages/drop-cli/bin/drop.mjs'
