import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Providers } from '../../../../app/providers.tsx';
import { createQueryClient } from '../../../../app/query-client.ts';
import { systemKeys } from '../../../system/index.ts';
import { createTestI18n } from '../../../../test/test-i18n.ts';
import { bootFixture } from '../../../../test/fixtures.ts';

/** Renders one agent-centre page as the agent home shows it: logged in (token set), boot loaded, Portuguese. */
export function renderAgentPage(ui: ReactNode) {
  sessionStorage.setItem('token', 'tok-agent');
  const queryClient = createQueryClient();
  queryClient.setQueryData(systemKeys.boot(), bootFixture());
  const i18n = createTestI18n('pt');
  return render(
    <Providers queryClient={queryClient} i18n={i18n}>
      {ui}
    </Providers>,
  );
}
