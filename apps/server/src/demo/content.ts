import type { Language } from '@banca/contracts';

/**
 * Demo copy seeded for the demo brand: help-centre topics (footer, /help, /helpmc) and the
 * home banners. Written for a white-label site, so no brand name, no amounts and no contact
 * addresses appear: those differ per operator and live in the brand's settings.
 */

type Localized = Record<Language, string>;

export interface DemoHelpTopic {
  key: string;
  sortOrder: number;
  title: Localized;
  /** Simple HTML: <p>, <ul>, <li>, <strong> only. */
  content: Localized;
}

export interface DemoBanner {
  id: number;
  title: Localized;
  subtitle: Localized;
  /** An in-site route the banner opens. */
  link: string;
}

const html = (...blocks: string[]): string => blocks.join('');

export const DEMO_HELP_TOPICS: DemoHelpTopic[] = [
  {
    key: 'register',
    sortOrder: 1,
    title: { 'pt-BR': 'Como se cadastrar', en: 'How to register' },
    content: {
      'pt-BR': html(
        '<p>Criar sua conta leva menos de um minuto. Toque em <strong>Cadastrar</strong>, no topo da página, e preencha os dados pedidos.</p>',
        '<ul><li>Escolha um nome de usuário e uma senha forte, que você não use em outros sites.</li><li>Informe seu celular com DDD: ele pode ser usado para confirmar sua identidade e recuperar o acesso.</li><li>Se recebeu um código de indicação, digite-o no campo correspondente.</li></ul>',
        '<p>Cada pessoa pode ter apenas uma conta, e os dados devem ser seus e verdadeiros: eles serão conferidos antes do primeiro saque. O cadastro é permitido somente para maiores de 18 anos.</p>',
      ),
      en: html(
        '<p>Creating your account takes less than a minute. Tap <strong>Register</strong> at the top of the page and fill in the details requested.</p>',
        '<ul><li>Choose a username and a strong password that you do not use on other sites.</li><li>Enter your mobile number with area code: it may be used to confirm your identity and to recover access.</li><li>If you received a referral code, type it in its field.</li></ul>',
        '<p>Each person may hold only one account, and the details must be your own and true: they are checked before your first withdrawal. Registration is open to adults aged 18 or over only.</p>',
      ),
    },
  },
  {
    key: 'deposit',
    sortOrder: 2,
    title: { 'pt-BR': 'Depósitos via PIX', en: 'Deposits via PIX' },
    content: {
      'pt-BR': html(
        '<p>O PIX é a forma mais rápida de colocar saldo na sua conta, 24 horas por dia, todos os dias, inclusive feriados.</p>',
        '<ul><li>Acesse <strong>Depósito</strong> na sua conta e informe o valor.</li><li>Copie o código PIX ou leia o QR Code no aplicativo do seu banco.</li><li>Confirme o pagamento: o saldo costuma aparecer em poucos segundos.</li></ul>',
        '<p>O pagamento deve sair de uma conta bancária em seu próprio nome (mesmo CPF do cadastro). Depósitos de contas de terceiros podem ser recusados e devolvidos.</p>',
        '<p>Os valores mínimo e máximo de cada depósito aparecem na própria tela de depósito. Se o saldo não aparecer em até 30 minutos, fale com o atendimento informando o comprovante.</p>',
      ),
      en: html(
        '<p>PIX is the fastest way to add funds to your account, 24 hours a day, every day, holidays included.</p>',
        '<ul><li>Open <strong>Deposit</strong> in your account and enter the amount.</li><li>Copy the PIX code or scan the QR code in your bank app.</li><li>Confirm the payment: the balance usually appears within seconds.</li></ul>',
        '<p>The payment must come from a bank account in your own name (the same CPF as your registration). Deposits from third-party accounts may be refused and returned.</p>',
        '<p>The minimum and maximum amount of each deposit are shown on the deposit screen. If the balance does not appear within 30 minutes, contact support with your payment receipt.</p>',
      ),
    },
  },
  {
    key: 'withdraw',
    sortOrder: 3,
    title: { 'pt-BR': 'Saques', en: 'Withdrawals' },
    content: {
      'pt-BR': html(
        '<p>Você pode sacar seu saldo disponível a qualquer momento em <strong>Saque</strong>, na sua conta. O valor é enviado por PIX para uma chave cadastrada no seu próprio CPF.</p>',
        '<ul><li>No primeiro saque, confirmamos sua identidade; tenha um documento com foto à mão.</li><li>Saldo de bônus só pode ser sacado depois de cumpridas as regras da promoção.</li><li>Por segurança, a senha de saque é diferente da senha de acesso.</li></ul>',
        '<p>A maioria dos saques é concluída em minutos. Pedidos que precisem de análise podem levar até 24 horas; você acompanha o andamento no histórico de transações.</p>',
      ),
      en: html(
        '<p>You can withdraw your available balance at any time from <strong>Withdraw</strong> in your account. The money is sent by PIX to a key registered under your own CPF.</p>',
        "<ul><li>On your first withdrawal we confirm your identity; keep a photo ID at hand.</li><li>Bonus balance can only be withdrawn after the promotion's rules have been met.</li><li>For your security, the withdrawal password is different from your login password.</li></ul>",
        '<p>Most withdrawals complete within minutes. Requests that need a review may take up to 24 hours; you can follow them in your transaction history.</p>',
      ),
    },
  },
  {
    key: 'responsible-gaming',
    sortOrder: 4,
    title: { 'pt-BR': 'Jogo responsável', en: 'Responsible gaming' },
    content: {
      'pt-BR': html(
        '<p>Jogar deve ser diversão, nunca uma forma de ganhar dinheiro ou de resolver problemas financeiros. Apostas são proibidas para menores de 18 anos.</p>',
        '<ul><li><strong>Limites:</strong> defina limites diários, semanais ou mensais de depósito e de perda na sua conta. Reduções valem na hora; aumentos, só depois de 24 horas.</li><li><strong>Pausa:</strong> faça uma pausa de 1 dia a 6 semanas quando quiser.</li><li><strong>Autoexclusão:</strong> bloqueie sua conta por 6 meses ou mais; durante o período, ela não pode ser reaberta.</li></ul>',
        '<p>Sinais de alerta: apostar mais do que pode perder, tentar recuperar perdas, esconder o jogo de pessoas próximas ou sentir ansiedade quando não está jogando. Se você se reconhece nisso, procure ajuda: o CVV atende gratuitamente pelo telefone 188, 24 horas por dia.</p>',
      ),
      en: html(
        '<p>Gaming should be entertainment, never a way to make money or to solve financial problems. Betting is forbidden to anyone under 18.</p>',
        '<ul><li><strong>Limits:</strong> set daily, weekly or monthly deposit and loss limits in your account. Decreases apply at once; increases only after 24 hours.</li><li><strong>Time-out:</strong> take a break from 1 day to 6 weeks whenever you like.</li><li><strong>Self-exclusion:</strong> lock your account for 6 months or more; it cannot be reopened during that period.</li></ul>',
        '<p>Warning signs: betting more than you can afford to lose, chasing losses, hiding your gaming from people close to you, or feeling anxious when you are not playing. If this sounds like you, seek help: in Brazil, CVV answers free of charge on 188, 24 hours a day.</p>',
      ),
    },
  },
  {
    key: 'bonus',
    sortOrder: 5,
    title: { 'pt-BR': 'Regras de bônus e promoções', en: 'Bonus and promotion rules' },
    content: {
      'pt-BR': html(
        '<p>Cada promoção tem suas próprias condições, exibidas na página <strong>Promoções</strong>. Leia-as antes de participar: ao aderir, você as aceita.</p>',
        '<ul><li>O saldo de bônus fica separado do saldo real e precisa ser apostado o número de vezes indicado (rollover) antes de virar saldo sacável.</li><li>Cada jogo contribui de forma diferente para o rollover; jogos excluídos aparecem nas condições.</li><li>Bônus não utilizados expiram no prazo informado.</li><li>É permitida uma única participação por pessoa, CPF, endereço e dispositivo.</li></ul>',
        '<p>Ofertas disponíveis podem variar conforme a legislação aplicável. Em caso de abuso ou fraude, o bônus e os ganhos dele podem ser cancelados.</p>',
      ),
      en: html(
        '<p>Each promotion has its own conditions, shown on the <strong>Promotions</strong> page. Read them before taking part: by joining, you accept them.</p>',
        '<ul><li>Bonus balance is kept apart from real balance and must be wagered the stated number of times (rollover) before it becomes withdrawable.</li><li>Games count differently towards the rollover; excluded games are listed in the conditions.</li><li>Unused bonuses expire after the stated period.</li><li>Only one participation per person, CPF, address and device is allowed.</li></ul>',
        '<p>Available offers may vary with the applicable law. In case of abuse or fraud, the bonus and any winnings from it may be cancelled.</p>',
      ),
    },
  },
  {
    key: 'term',
    sortOrder: 6,
    title: { 'pt-BR': 'Termos de serviço', en: 'Terms of service' },
    content: {
      'pt-BR': html(
        '<p>Ao criar uma conta, você declara ter 18 anos ou mais, agir em seu próprio nome e fornecer dados verdadeiros. Estes termos regem o uso do site e de todos os jogos oferecidos.</p>',
        '<ul><li>É permitida uma única conta por pessoa. Contas duplicadas podem ser encerradas.</li><li>É proibido usar robôs, programas automáticos, conluio entre jogadores ou qualquer meio que altere o resultado normal dos jogos.</li><li>Os resultados são definidos por geradores de números aleatórios certificados; nos jogos da casa, cada rodada pode ser verificada (provably fair).</li><li>Falhas técnicas anulam as apostas e os pagamentos afetados, e os valores apostados são devolvidos.</li></ul>',
        '<p>Podemos suspender contas durante investigações de fraude ou de lavagem de dinheiro. Alterações destes termos são avisadas no site antes de entrarem em vigor. Aplica-se a legislação brasileira.</p>',
      ),
      en: html(
        '<p>By creating an account you declare that you are 18 or over, act on your own behalf and give true details. These terms govern the use of the site and of every game offered on it.</p>',
        '<ul><li>Only one account per person is allowed. Duplicate accounts may be closed.</li><li>Robots, automated software, collusion between players or any means that alters the normal outcome of the games are forbidden.</li><li>Outcomes are decided by certified random number generators; in house games, every round can be verified (provably fair).</li><li>Technical faults void the bets and payouts affected, and the stakes are returned.</li></ul>',
        '<p>We may suspend accounts while investigating fraud or money laundering. Changes to these terms are announced on the site before they take effect. Brazilian law applies.</p>',
      ),
    },
  },
  {
    key: 'privacy',
    sortOrder: 7,
    title: { 'pt-BR': 'Política de privacidade', en: 'Privacy policy' },
    content: {
      'pt-BR': html(
        '<p>Tratamos seus dados pessoais conforme a Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018).</p>',
        '<ul><li><strong>O que coletamos:</strong> dados de cadastro e contato, documentos de identificação, transações, histórico de jogo e dados do dispositivo e de acesso.</li><li><strong>Para quê:</strong> manter sua conta, processar pagamentos, verificar identidade e idade, prevenir fraudes e cumprir obrigações legais.</li><li><strong>Com quem:</strong> apenas com instituições de pagamento, provedores de jogos e autoridades, na medida necessária.</li></ul>',
        '<p>Você pode pedir acesso, correção, portabilidade ou exclusão dos seus dados pelo atendimento. Alguns registros precisam ser guardados pelo prazo exigido em lei, mesmo após o encerramento da conta.</p>',
      ),
      en: html(
        "<p>We process your personal data in line with Brazil's General Data Protection Law (LGPD, Law No. 13,709/2018).</p>",
        '<ul><li><strong>What we collect:</strong> registration and contact details, identity documents, transactions, gaming history, and device and access data.</li><li><strong>Why:</strong> to keep your account, process payments, verify identity and age, prevent fraud and meet legal obligations.</li><li><strong>With whom:</strong> only payment institutions, game providers and authorities, as far as necessary.</li></ul>',
        '<p>You can ask support for access to, correction, portability or deletion of your data. Some records must be kept for the period the law requires, even after the account is closed.</p>',
      ),
    },
  },
  {
    key: 'contact',
    sortOrder: 8,
    title: { 'pt-BR': 'Fale conosco', en: 'Contact us' },
    content: {
      'pt-BR': html(
        '<p>Nosso atendimento funciona 24 horas por dia, 7 dias por semana, em português e em inglês.</p>',
        '<ul><li><strong>Chat ao vivo:</strong> toque no ícone de atendimento, no canto da tela.</li><li><strong>Redes sociais:</strong> use os canais oficiais indicados no rodapé do site.</li></ul>',
        '<p>Para agilizar, tenha em mãos seu nome de usuário e, se a dúvida for sobre um pagamento, o comprovante. Nunca pedimos sua senha: não a informe a ninguém.</p>',
      ),
      en: html(
        '<p>Our support team is available 24 hours a day, 7 days a week, in Portuguese and English.</p>',
        '<ul><li><strong>Live chat:</strong> tap the support icon in the corner of the screen.</li><li><strong>Social media:</strong> use the official channels listed in the site footer.</li></ul>',
        '<p>To speed things up, have your username at hand and, for a payment question, the receipt. We never ask for your password: do not share it with anyone.</p>',
      ),
    },
  },
];

/**
 * Home carousel (group w_home); docs/product.md §2 shows at most 3 slides. Art:
 * /lgw/art/banner/<id>.svg.
 */
export const DEMO_BANNERS: DemoBanner[] = [
  {
    id: 1,
    title: { 'pt-BR': 'Sua sorte começa aqui', en: 'Your luck starts here' },
    subtitle: {
      'pt-BR': 'Cadastre-se em menos de um minuto e jogue mais de 10.000 jogos',
      en: 'Sign up in under a minute and play over 10,000 games',
    },
    link: '/register',
  },
  {
    id: 2,
    title: { 'pt-BR': 'Depósito instantâneo via PIX', en: 'Instant PIX deposits' },
    subtitle: {
      'pt-BR': 'Saldo na conta em segundos, 24 horas por dia, todos os dias',
      en: 'Funds in your account in seconds, 24 hours a day, every day',
    },
    link: '/member?page=depositv2',
  },
  {
    id: 3,
    title: { 'pt-BR': 'Clube VIP', en: 'VIP Club' },
    subtitle: {
      'pt-BR': 'Suba de nível, ganhe cashback semanal e atendimento exclusivo',
      en: 'Level up for weekly cashback and dedicated support',
    },
    link: '/member?page=securityCenter',
  },
];

/**
 * Announcements of the demo brand (`GET /wps/notice`): player notices for the marquee and the
 * notice dialog, and promotion titles. No popup (type PU): it would greet every visitor.
 */
export const DEMO_ANNOUNCEMENTS: Array<{
  type: 'B' | 'PL' | 'PR';
  sortOrder: number;
  title: Record<'pt-BR' | 'en', string>;
  content: Record<'pt-BR' | 'en', string>;
}> = [
  {
    type: 'B',
    sortOrder: 1,
    title: {
      'pt-BR': 'Bem-vindo à Banca: mais de 10.000 jogos, saques via PIX a qualquer hora',
      en: 'Welcome to Banca: over 10,000 games, PIX withdrawals at any hour',
    },
    content: {
      'pt-BR':
        'Cadastre-se em menos de um minuto, deposite via PIX e jogue cassino, ao vivo, slots, pesca, esportes e loterias em um só lugar.',
      en: 'Sign up in under a minute, deposit with PIX and play casino, live, slots, fishing, sports and lotteries in one place.',
    },
  },
  {
    type: 'PL',
    sortOrder: 2,
    title: {
      'pt-BR': 'Manutenção programada do provedor AUL na madrugada de domingo',
      en: 'Scheduled maintenance of the AUL provider early on Sunday',
    },
    content: {
      'pt-BR':
        'Entre 03:00 e 05:00 (horário de Brasília) os jogos ao vivo do provedor AUL ficarão indisponíveis. Saldos e apostas em aberto não são afetados.',
      en: 'Between 03:00 and 05:00 (Brasília time) the AUL live games will be unavailable. Balances and open bets are not affected.',
    },
  },
  {
    type: 'PL',
    sortOrder: 3,
    title: {
      'pt-BR': 'Jogue com responsabilidade: proibido para menores de 18 anos',
      en: 'Play responsibly: no one under 18 may play',
    },
    content: {
      'pt-BR':
        'Defina limites de depósito e de tempo no seu perfil. Se precisar de ajuda, fale com o nosso atendimento a qualquer hora.',
      en: 'Set deposit and time limits in your profile. If you need help, talk to our support at any time.',
    },
  },
  {
    type: 'PR',
    sortOrder: 4,
    title: { 'pt-BR': 'Bônus de boas-vindas de 100%', en: '100% welcome bonus' },
    content: { 'pt-BR': '', en: '' },
  },
  {
    type: 'PR',
    sortOrder: 5,
    title: { 'pt-BR': 'Cashback semanal no Clube VIP', en: 'Weekly cashback in the VIP Club' },
    content: { 'pt-BR': '', en: '' },
  },
];
