#!/usr/bin/env node
// The `status-api` bin: runs the TypeScript entry directly (Node >= 22.18 strips types natively).
import '../src/main.ts'
