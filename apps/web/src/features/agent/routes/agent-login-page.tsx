import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Spinner } from '@app/ui';
import { accountKeys, loginRequest, logoutRequest, memberInfoQueryOptions, useSession, type LoginCredentials, LoginForm, isAgentType } from '../../account/index.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { setToken } from '../../../shared/session-token.ts';
import { AgentFrame } from '../components/agent-frame.tsx';

class NonAgentError extends Error {
  constructor() {
    super('Only agents may log in here');
    this.name = 'NonAgentError';
  }
}

/**
 * The agent portal login: the server refuses non-agents (auth.agent_only). The account type is
 * checked here too before the token is kept, so a non-agent session is ended and never stored
 * even if a server answered otherwise (spec §6).
 */
export function AgentLoginPage() {
  const { t } = useTranslation('agent');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const session = useSession();
  const login = useMutation({
    mutationFn: async (credentials: LoginCredentials) => {
      const { token } = await loginRequest(credentials, 'agent');
      const member = await queryClient.fetchQuery(memberInfoQueryOptions(token));
      if (!isAgentType(member.type)) {
        queryClient.removeQueries({ queryKey: accountKeys.memberInfo(token) });
        await logoutRequest(token).catch(() => undefined);
        throw new NonAgentError();
      }
      return token;
    },
    onSuccess: (token) => {
      setToken(token);
      navigate('/agentHome');
    },
  });

  if (session.isAgent && !login.isPending) return <Navigate to="/agentHome" replace />;

  const serverError = login.error
    ? login.error instanceof NonAgentError
      ? t('login.nonAgent')
      : errorMessage(login.error)
    : null;

  return (
    <AgentFrame title={t('title')}>
      <main className="agent-login" data-testid="agent-login-page">
        <div className="agent-login__card">
          <h1 className="agent-login__title" data-testid="page-title">
            {t('login.title')}
          </h1>
          <p className="agent-login__lead">{t('login.lead')}</p>
          {session.isResolving ? (
            <Spinner label={t('login.checking')} layout="block" />
          ) : (
            <LoginForm
              idPrefix="agent-login"
              submitLabel={t('login.submit')}
              pending={login.isPending}
              serverError={serverError}
              onSubmit={(credentials) => login.mutate(credentials)}
            />
          )}
        </div>
      </main>
    </AgentFrame>
  );
}
