/**
 * The deployment manifest: the one definition of what the backend is made of.
 *
 * Every table, bucket, function (entry, grants, settings, secrets), the function serving each API route,
 * schedule and the user pool's settings are declared here and nowhere else. The CDK stacks (infra/constructs)
 * and the offline local stack (infra/local) are both generated from this module, so the two cannot drift. The
 * web app never imports it: its side of the API is the contract, shared/contract/api.ts.
 *
 * Adding a route = one entry in shared/contract/api.ts `routes` + one in `routeBindings` (manifest/api-routes.ts) (and in
 * `functions`, if it needs a new Lambda) + its handler.
 */
export * from './manifest/storage';
export * from './manifest/functions';
export * from './manifest/table-access';
export * from './manifest/api-routes';
export * from './manifest/user-pool';
