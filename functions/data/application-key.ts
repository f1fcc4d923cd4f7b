// The application aggregate's key, in a module of its own: the edge names it (functions/services/session-application.ts)
// without loading the aggregate's code into every function.
export const applicationKey = (uuid: string) => ({ pk: `APP#${uuid}`, sk: 'APP' });
