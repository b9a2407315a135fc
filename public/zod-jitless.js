// Runs before the console's modules. zod builds faster parsers with `new Function` after probing
// whether eval is allowed; our Content-Security-Policy forbids it, and the probe alone is reported
// as a violation. zod reads this global configuration object (its `config()` writes the same one),
// and it must be set before the first schema is built, which happens while modules load.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
