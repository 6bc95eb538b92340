import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

interface Operation {
  security?: unknown[];
}

/**
 * Every route the OpenAPI document marks as needing a session, called anonymously with a path,
 * query and body that all fail validation: authentication must answer first (401), so an
 * anonymous caller learns nothing about a route's input rules and no handler input is parsed.
 */
describe('authentication before validation', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 401 to an anonymous request with invalid input on every protected route', async () => {
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const protectedRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => (operation.security?.length ?? 0) > 0)
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    // Enough to mean something: members', agents' and operators' routes are all in the document.
    expect(protectedRoutes.length).toBeGreaterThan(60);

    const answers: string[] = [];
    for (const route of protectedRoutes) {
      // A path parameter no schema accepts (ids are digits, codes are short), an unknown query
      // value, and a body of the wrong type.
      const url = `${route.path.replace(/\{[^}]+\}/g, `not-valid-${'x'.repeat(60)}`)}?pageSize=-5&pageNo=x&from=never`;
      const hasBody = !['GET', 'DELETE', 'HEAD'].includes(route.method);
      const response = await ctx.app.inject({ method: route.method as 'POST', url, ...(hasBody ? { payload: [1, 2, 3] } : {}) });
      answers.push(`${route.method} ${route.path} → ${response.statusCode} ${(response.json() as { error?: { code: string } }).error?.code ?? ''}`);
    }
    expect(answers.filter((answer) => !/→ 401 /.test(answer))).toEqual([]);
  });
});
