/**
 * The signed-in app in a few chunks instead of the ~100 automatic splitting makes of it: a first
 * visit is fetched over HTTP/1.1, six requests at a time, and each request costs a round trip
 * (Lighthouse, issue 38). /login loads only 'react' of them, /pagar none.
 */
const lib = (names: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
const OURS = /[\\/](apps[\\/]web[\\/]src|packages[\\/]shared[\\/]src)[\\/]/;
/**
 * What /login and /pagar load of our code (main's chunk, the login page's, the portal's constants):
 * never in 'app', which brings Mantine with it.
 */
const ENTRY_CODE = new RegExp(
  [
    'apps/web/src/(main\\.tsx|app/(app|router|routes|RouteError)\\.|components/Loading\\.',
    '|lib/(session|config|navigation|firstCalls|useSession)\\.|features/auth/|assets/)',
    '|packages/shared/src/(index|messages|portal)\\.',
  ]
    .join('')
    .replaceAll('/', '[\\\\/]'),
);

const UI = lib([
  '@mantine[\\\\/](core|hooks|notifications|store|dates)',
  '@floating-ui',
  'react-transition-group',
  'clsx',
  'react-remove-scroll',
  'react-remove-scroll-bar',
  'react-style-singleton',
  'use-callback-ref',
  'use-sidecar',
  'tabbable',
  'get-nonce',
  'detect-node-es',
  'react-number-format',
  'dayjs',
  'mantine-datatable',
  'react-hook-form',
  '@hookform',
  '@tabler',
]);

/** The chunks every signed-in first screen loads and runs as it starts (vite/compileHints.ts). */
export const FIRST_SCREEN_CHUNKS = ['react', 'ui', 'data', 'app', 'AppLayout'];

export const CHUNK_GROUPS = [
  // React itself is /login's too: first, so that the groups below, which use it, do not take it in.
  {
    name: 'react',
    test: lib(['react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser']),
    priority: 3,
  },
  {
    // What draws: Mantine and what it brings (its CSS too: one stylesheet, not one per component),
    // the icons, the tables, the forms.
    name: 'ui',
    test: UI,
    priority: 2,
  },
  // What talks to the API: the HTTP client, the server state, the checks of what it answers.
  { name: 'data', test: lib(['axios', '@tanstack', 'zod', '@casl']), priority: 2 },
  // Our code that more than one page uses (each page's own stays with it). Its modules run when
  // first imported, not when the chunk loads (strictExecutionOrder): a screen runs what it uses.
  {
    name: 'app',
    test: (id: string) => OURS.test(id) && !ENTRY_CODE.test(id),
    minShareCount: 2,
    includeDependenciesRecursively: false,
    priority: 1,
  },
];
