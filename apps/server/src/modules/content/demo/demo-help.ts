import type { Language } from '@app/contracts';

/** Demo help centre articles, PT and EN. Operators replace them with their own texts. */
export const DEMO_HELP: readonly { tag: string; inFooter: boolean; texts: Record<Language, { title: string; html: string }> }[] = [
  {
    tag: 'term',
    inFooter: true,
    texts: {
      pt: {
        title: 'Termos e condições',
        html: `<p><strong>Instalação de demonstração.</strong> Este site mostra o produto; não é um operador licenciado e não aceita dinheiro real.</p>
<h3>1. Conta</h3><p>Cada pessoa pode ter uma única conta, em seu próprio nome e CPF. É preciso ter 18 anos ou mais.</p>
<h3>2. Pagamentos</h3><p>Depósitos e saques são feitos somente por PIX, de e para contas no nome do titular. Um saque pode ser revisado antes do pagamento.</p>
<h3>3. Jogos</h3><p>Os resultados dos jogos da casa são gerados de forma comprovadamente justa e podem ser verificados na página de verificação. Em caso de falha técnica, a rodada é encerrada e a aposta devolvida.</p>
<h3>4. Jogo responsável</h3><p>Jogue apenas o que pode perder. Você pode pedir ajuda ao atendimento a qualquer momento.</p>`,
      },
      en: {
        title: 'Terms and conditions',
        html: `<p><strong>Demo installation.</strong> This site shows the product; it is not a licensed operator and accepts no real money.</p>
<h3>1. Account</h3><p>Each person may hold one account, in their own name and CPF. You must be 18 or older.</p>
<h3>2. Payments</h3><p>Deposits and withdrawals are made by PIX only, to and from accounts in the holder's name. A withdrawal may be reviewed before it is paid.</p>
<h3>3. Games</h3><p>House game outcomes are provably fair and can be checked on the verification page. If a technical fault occurs, the round is closed and the bet returned.</p>
<h3>4. Responsible gaming</h3><p>Only play what you can afford to lose. You can ask customer service for help at any time.</p>`,
      },
    },
  },
  {
    tag: 'privacy',
    inFooter: true,
    texts: {
      pt: {
        title: 'Privacidade',
        html: `<p>Tratamos seus dados pessoais conforme a LGPD (Lei 13.709/2018).</p>
<ul><li>Guardamos apenas o necessário para a conta, os pagamentos e as obrigações legais.</li><li>Senhas são guardadas apenas como hash; sessões expiram.</li><li>Você pode pedir acesso, correção ou exclusão dos seus dados pelo atendimento.</li></ul>`,
      },
      en: {
        title: 'Privacy',
        html: `<p>We process your personal data under Brazil's LGPD (Law 13,709/2018).</p>
<ul><li>We keep only what the account, payments and legal duties need.</li><li>Passwords are stored only as hashes; sessions expire.</li><li>You can ask customer service to see, correct or delete your data.</li></ul>`,
      },
    },
  },
  {
    tag: 'responsible',
    inFooter: true,
    texts: {
      pt: {
        title: 'Jogo responsável',
        html: `<p>Apostar deve ser diversão, nunca uma forma de ganhar dinheiro.</p>
<ul><li>Defina quanto e por quanto tempo vai jogar antes de começar.</li><li>Não tente recuperar perdas.</li><li>Faça pausas e não jogue sob efeito de álcool.</li></ul>
<p>Se o jogo deixou de ser diversão, procure ajuda: <a href="https://www.jogadoresanonimos.com.br">Jogadores Anônimos</a>. Proibido para menores de 18 anos.</p>`,
      },
      en: {
        title: 'Responsible gaming',
        html: `<p>Betting should be entertainment, never a way to make money.</p>
<ul><li>Decide how much and for how long you will play before you start.</li><li>Do not chase losses.</li><li>Take breaks and do not play under the influence of alcohol.</li></ul>
<p>If gambling is no longer fun, seek help: <a href="https://www.jogadoresanonimos.com.br">Gamblers Anonymous Brazil</a>. Not for anyone under 18.</p>`,
      },
    },
  },
  {
    tag: 'fairness',
    inFooter: true,
    texts: {
      pt: {
        title: 'Jogos justos',
        html: `<p>Nos jogos da casa, cada resultado vem de uma semente do servidor (revelada depois), da sua semente e de um contador de rodadas.</p>
<ol><li>Antes de jogar, você vê o hash da semente do servidor.</li><li>Ao trocar de semente, a anterior é revelada.</li><li>Na página de verificação, recalcule qualquer rodada e confira o resultado.</li></ol>
<p>No Crash, os pontos de estouro vêm de uma cadeia de hashes publicada antes da primeira rodada.</p>`,
      },
      en: {
        title: 'Fair games',
        html: `<p>In the house games every outcome comes from a server seed (revealed later), your own seed and a round counter.</p>
<ol><li>Before you play, you see the hash of the server seed.</li><li>When you rotate seeds, the old one is revealed.</li><li>On the verification page, recompute any round and check its outcome.</li></ol>
<p>In Crash, the crash points come from a hash chain published before its first round.</p>`,
      },
    },
  },
  {
    tag: 'payments',
    inFooter: false,
    texts: {
      pt: {
        title: 'Depósitos e saques',
        html: `<h3>Depósito</h3><p>Escolha o valor, pague o QR code ou o código "copia e cola" no app do seu banco antes de expirar. O saldo é creditado quando o pagamento é confirmado.</p>
<h3>Saque</h3><p>Cadastre uma chave PIX no seu nome e CPF, informe o valor e a senha de pagamento. O valor fica reservado até o pagamento ou a recusa, com o motivo.</p>`,
      },
      en: {
        title: 'Deposits and withdrawals',
        html: `<h3>Deposit</h3><p>Choose the amount and pay the QR code or the copy-and-paste code in your bank's app before it expires. The balance is credited once the payment is confirmed.</p>
<h3>Withdrawal</h3><p>Register a PIX key in your own name and CPF, enter the amount and your payment password. The amount is held until it is paid or refused, with the reason.</p>`,
      },
    },
  },
  {
    tag: 'faq',
    inFooter: true,
    texts: {
      pt: {
        title: 'Perguntas frequentes',
        html: `<h3>Esqueci minha senha. E agora?</h3><p>Use "Esqueceu a senha?" na janela de login e siga as instruções por e-mail ou telefone.</p>
<h3>Onde vejo minhas apostas?</h3><p>No menu da conta, em "Registro de apostas".</p>
<h3>Existe um aplicativo?</h3><p>Veja a seção "Baixe o app" desta central de ajuda.</p>`,
      },
      en: {
        title: 'Frequently asked questions',
        html: `<h3>I forgot my password. What now?</h3><p>Use "Forgot password?" in the login window and follow the instructions by e-mail or phone.</p>
<h3>Where do I see my bets?</h3><p>In the account menu, under "Betting record".</p>
<h3>Is there an app?</h3><p>See the "Download the app" section of this help centre.</p>`,
      },
    },
  },
];
