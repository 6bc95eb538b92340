import type { onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { HttpApp } from './http-app.ts';

/** The hooks that turn a credential into an actor (member, agent, operator). */
const authenticationHooks = new WeakSet<object>();

/**
 * Marks a hook as authentication. Routes keep passing it as a `preHandler` (modules' route
 * signatures stay as they are); installAuthenticationFirst moves it to `onRequest`.
 */
export function authenticationHook<T extends object>(hook: T): T {
  authenticationHooks.add(hook);
  return hook;
}

type Hooks = RouteOptions['preHandler'] | RouteOptions['onRequest'];

function asList(hooks: Hooks): unknown[] {
  if (!hooks) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Fastify validates params, query and body before preHandler hooks, so an anonymous request with
 * a bad body got 400 (and learnt the route's input rules) instead of 401. Every route registered
 * after this runs its marked authentication hooks at onRequest, before the body is even parsed;
 * other preHandlers (rate limits, role checks that need the actor) keep their place after.
 */
export function installAuthenticationFirst(app: HttpApp): void {
  app.addHook('onRoute', (route) => {
    const preHandlers = asList(route.preHandler);
    const authentication = preHandlers.filter((hook) => typeof hook === 'function' && authenticationHooks.has(hook));
    if (authentication.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !authentication.includes(hook)) as RouteOptions['preHandler'];
    route.onRequest = [...asList(route.onRequest), ...authentication] as onRequestAsyncHookHandler[];
  });
}
