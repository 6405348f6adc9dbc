#!/usr/bin/env node
// Runs the local chat-model stand-in (sandbox.js) for the help assistant: `npm start` when no ASSISTANT_LLM_URL is
// set, and the tests. Port LLM_SANDBOX_PORT (7071).
'use strict';

const { createLlmSandbox } = require('./sandbox');

const port = Number(process.env.LLM_SANDBOX_PORT ?? 7071);
const sandbox = createLlmSandbox({ log: process.env.LOG_LEVEL === 'debug' ? (line) => console.log(`llm-sandbox: ${line}`) : undefined });
sandbox.listen(port, process.env.LLM_SANDBOX_HOST ?? '127.0.0.1').then((p) => console.log(`llm-sandbox: listening on http://127.0.0.1:${p}/v1/chat/completions`));
const stop = () => sandbox.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
