// Import boundaries of ARCHITECTURE.md ("Layout and the direction of imports"), checked by `npm run lint:deps`.
// Each rule's name is what the report prints when a change breaks it; its comment says what it protects.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle of imports makes load order matter and every file in it a dependency of every other. Break it: move ' +
        'the shared piece (often a type) one layer down, or hand the dependency in as an argument or a context.',
      from: {},
      to: { circular: true },
    },

    // machines/: the shared kernel, pure TypeScript used by the page and the server alike.
    {
      name: 'machines-are-the-kernel',
      severity: 'error',
      comment: 'machines/ is shared by web/ and functions/, so it imports neither of them, nor infra/, msw/ or tests/.',
      from: { path: '^machines/' },
      to: { path: '^(web|functions|infra|msw|tests)/' },
    },
    {
      name: 'machines-no-node-builtins',
      severity: 'error',
      comment: 'machines/ runs in the browser too: no Node built-ins (no I/O, no crypto, no fs).',
      from: { path: '^machines/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'machines-only-xstate-and-zod',
      severity: 'error',
      comment:
        'machines/ imports only xstate and zod (zod/mini) from npm: no AWS SDK, no React, nothing with I/O, and a ' +
        'small shopper bundle.',
      from: { path: '^machines/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg'],
        pathNot: '^node_modules/(xstate|zod)/',
      },
    },

    // functions/: the server.
    {
      name: 'functions-not-web-or-infra',
      severity: 'error',
      comment: 'The server shares code with the page only through machines/, and never depends on the CDK app.',
      from: { path: '^functions/' },
      to: { path: '^(web|infra)/' },
    },
    {
      name: 'http-reaches-storage-through-services',
      severity: 'error',
      comment:
        'Handlers are thin (parse, call a service, answer): functions/http never touches functions/data; a service ' +
        'does the reading and writing.',
      from: { path: '^functions/http/' },
      to: { path: '^functions/data/' },
    },
    {
      name: 'services-not-http',
      severity: 'error',
      comment:
        'Services are the use cases under the handlers; they never import a handler. A type both need lives in ' +
        'functions/platform.',
      from: { path: '^functions/services/' },
      to: { path: '^functions/http/' },
    },
    {
      name: 'providers-not-services',
      severity: 'error',
      comment:
        'A provider is a port to one third party (and its sandbox); it returns values and the service decides. ' +
        'Providers never import services (nor handlers).',
      from: { path: '^functions/providers/' },
      to: { path: '^functions/(services|http)/' },
    },
    {
      name: 'platform-is-the-base',
      severity: 'error',
      comment:
        'functions/platform (config, errors, auth, types shared by handlers and services) sits under the handlers, ' +
        'services, events and the local runtime, so it imports none of them (it wires the providers into Deps).',
      from: { path: '^functions/platform/' },
      to: { path: '^functions/(http|services|events|local)/' },
    },

    // infra/: the CDK app.
    {
      name: 'infra-reads-only-the-route-and-table-definitions',
      severity: 'error',
      comment:
        'The CDK app reads the route table (functions/http/routes.ts), the table definition (functions/data/table.ts) ' +
        'and deployment constants of functions/platform (CSP, secret names, bundled file names); handlers are ' +
        'bundled by path, not imported.',
      from: { path: '^infra/' },
      to: {
        path: '^functions/',
        pathNot: [
          '^functions/http/routes[.]ts$',
          '^functions/http/route[.]ts$',
          '^functions/data/table[.]ts$',
          '^functions/platform/',
        ],
      },
    },

    // web/: the SPA.
    {
      name: 'web-not-functions-or-infra',
      severity: 'error',
      comment: 'The page shares code with the server only through machines/; it talks to it over HTTP.',
      from: { path: '^web/' },
      to: { path: '^(functions|infra)/' },
    },
    {
      name: 'web-areas-keep-to-their-folders',
      severity: 'error',
      comment:
        'web/shopper, web/staff and web/customer are separate apps (code-split: the shopper never downloads staff ' +
        'code); they share code only through web/toolkit, web/lib and machines/.',
      from: { path: '^web/(shopper|staff|customer)/' },
      to: { path: '^web/(shopper|staff|customer)/', pathNot: '^web/$1/' },
    },
    {
      name: 'toolkit-and-lib-serve-the-areas',
      severity: 'error',
      comment:
        'web/toolkit and web/lib are used by the areas, never the other way round (and lib, the lowest, does not ' +
        'import the toolkit).',
      from: { path: '^web/(toolkit|lib)/' },
      to: { path: '^web/(shopper|staff|customer)/' },
    },
    {
      name: 'lib-not-toolkit',
      severity: 'error',
      comment: 'web/lib is the lowest web layer (host messaging, i18n, formatting); the toolkit builds on it.',
      from: { path: '^web/lib/' },
      to: { path: '^web/toolkit/' },
    },
    {
      name: 'staff-features-are-independent',
      severity: 'error',
      comment:
        'A staff feature owns its screens; what two features share goes to web/staff/common (or the toolkit), ' +
        'not an import from one feature into another.',
      from: { path: '^web/staff/features/([^/]+)/' },
      to: { path: '^web/staff/features/', pathNot: '^web/staff/features/$1/' },
    },
    {
      name: 'no-unresolvable-imports',
      severity: 'error',
      comment: 'An import that does not resolve to a file is a typo or a missing package.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|cdk[.]out|[.]data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
