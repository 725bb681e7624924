import type { Lang } from '@fundamentos/ui/i18n/strings';

/**
 * Text of the account pages and messages, in both languages. Placeholders `{x}` are filled by `preencher`
 * (src/paginas/comum.ts). Titles, header and footer come from the site's shell.
 */
const pt = {
  assinar_titulo: 'Assinar o plano Pro',
  assinar_lead:
    'O plano Pro dá {pro} chamadas por dia à API e os conjuntos completos de /dump. Escolha como pagar:',
  plano_pro: 'Pro mensal (cartão)',
  plano_pro_desc: 'Renovação automática todo mês; cancele quando quiser no portal do cliente.',
  plano_pix: 'Pacote Pix',
  plano_pix_desc: 'Pagamento único por Pix; a chave vale pelo período do pacote.',
  pacote: { '1m': '1 mês', '3m': '3 meses', '12m': '12 meses' },
  por_mes: '{preco} por mês',
  preco_pacote: '{preco} por {pacote}',
  escolher: 'Escolher',
  confirmar_titulo: 'Confirme o plano',
  confirmar_texto:
    'Nada é cobrado nesta página. Ao confirmar, você vai para o checkout do Stripe; depois do pagamento a chave Pro chega no e-mail informado lá.',
  confirmar_botao: 'Continuar para o pagamento',
  outros_planos: 'Ver todos os planos',
  voltou_ok:
    'Pagamento recebido. Sua chave Pro foi enviada ao e-mail informado no checkout; ela aparece uma única vez, nessa mensagem.',
  voltou_cancelado: 'Checkout cancelado: nada foi cobrado.',
  portal_nota:
    'Já é Pro? Envie sua chave em POST /portal (cabeçalho X-API-Key) para abrir o portal do cliente.',
  acompanhar_titulo: 'Acompanhar por e-mail',
  acompanhar_pedido:
    'Pedido recebido. Se o endereço for válido, chegará uma mensagem com um link de confirmação; sem confirmação em {horas} horas, o pedido é apagado.',
  acompanhar_confirmar_titulo: 'Confirmar o acompanhamento',
  acompanhar_confirmar_texto: 'Confirme para receber o resumo semanal dos eventos de {ticker}.',
  acompanhar_confirmar_botao: 'Confirmar',
  acompanhar_confirmado: 'Confirmado: você receberá o resumo semanal dos eventos de {ticker}.',
  acompanhar_link_invalido: 'Este link não vale mais: já foi usado, venceu ou o pedido foi apagado.',
  cancelar_titulo: 'Cancelar o acompanhamento',
  cancelar_texto: 'Parar de receber mensagens sobre {ticker}?',
  cancelar_botao: 'Cancelar o acompanhamento',
  cancelado:
    'Pronto: você não receberá mais mensagens sobre {ticker}, e o endereço foi apagado deste acompanhamento.',
  // Messages
  msg_confirmar_assunto: 'Confirme: acompanhar {ticker} no fundamentos-br',
  msg_confirmar_texto:
    'Alguém (esperamos que você) pediu para acompanhar {ticker} por e-mail no fundamentos-br.\n\nPara confirmar, abra este link (vale uma vez, por {horas} horas):\n{link}\n\nSe não foi você, ignore esta mensagem: sem confirmação, o pedido e o endereço são apagados.',
  msg_cancelar: 'Para não receber mais mensagens sobre {ticker}:',
  msg_chave_assunto: 'Sua chave Pro do fundamentos-br',
  msg_chave_texto:
    'Obrigado pela assinatura ({plano}).\n\nSua chave Pro (guarde-a: ela não é mostrada de novo; guardamos só o hash SHA-256):\n{chave}\n\nEnvie-a no cabeçalho X-API-Key. {limite} chamadas por dia.\nPortal do cliente: POST {portal} com o mesmo cabeçalho.',
  msg_resumo_assunto: 'fundamentos-br: eventos da semana {semana}',
  msg_resumo_intro: 'Eventos da semana {semana} nas empresas que você acompanha:',
  msg_resumo_pagina: 'Na página da semana: {link}',
} as const;

type Textos = { [K in keyof typeof pt]: (typeof pt)[K] extends string ? string : Record<string, string> };

const en: Textos = {
  assinar_titulo: 'Subscribe to the Pro plan',
  assinar_lead: 'The Pro plan gives {pro} API calls a day and the complete sets of /dump. Choose how to pay:',
  plano_pro: 'Pro monthly (card)',
  plano_pro_desc: 'Renews every month; cancel any time in the customer portal.',
  plano_pix: 'Pix package',
  plano_pix_desc: 'One payment by Pix; the key works for the length of the package.',
  pacote: { '1m': '1 month', '3m': '3 months', '12m': '12 months' },
  por_mes: '{preco} a month',
  preco_pacote: '{preco} for {pacote}',
  escolher: 'Choose',
  confirmar_titulo: 'Confirm the plan',
  confirmar_texto:
    'Nothing is charged on this page. When you confirm you go to Stripe’s checkout; after payment the Pro key is sent to the e-mail address you give there.',
  confirmar_botao: 'Continue to payment',
  outros_planos: 'See every plan',
  voltou_ok:
    'Payment received. Your Pro key was sent to the e-mail address given at checkout; it is shown only once, in that message.',
  voltou_cancelado: 'Checkout cancelled: nothing was charged.',
  portal_nota: 'Already Pro? Send your key to POST /portal (X-API-Key header) to open the customer portal.',
  acompanhar_titulo: 'Follow by e-mail',
  acompanhar_pedido:
    'Request received. If the address is valid, a message with a confirmation link is on its way; without confirmation within {horas} hours the request is deleted.',
  acompanhar_confirmar_titulo: 'Confirm following',
  acompanhar_confirmar_texto: 'Confirm to receive the weekly digest of the events of {ticker}.',
  acompanhar_confirmar_botao: 'Confirm',
  acompanhar_confirmado: 'Confirmed: you will receive the weekly digest of the events of {ticker}.',
  acompanhar_link_invalido: 'This link no longer works: it was used, it expired or the request was deleted.',
  cancelar_titulo: 'Stop following',
  cancelar_texto: 'Stop receiving messages about {ticker}?',
  cancelar_botao: 'Stop following',
  cancelado:
    'Done: you will receive no more messages about {ticker}, and the address was deleted from this follow.',
  msg_confirmar_assunto: 'Confirm: follow {ticker} on fundamentos-br',
  msg_confirmar_texto:
    'Someone (we hope you) asked to follow {ticker} by e-mail on fundamentos-br.\n\nTo confirm, open this link (it works once, for {horas} hours):\n{link}\n\nIf it was not you, ignore this message: without confirmation the request and the address are deleted.',
  msg_cancelar: 'To receive no more messages about {ticker}:',
  msg_chave_assunto: 'Your fundamentos-br Pro key',
  msg_chave_texto:
    'Thank you for subscribing ({plano}).\n\nYour Pro key (store it: it is not shown again; we keep only its SHA-256 hash):\n{chave}\n\nSend it in the X-API-Key header. {limite} calls a day.\nCustomer portal: POST {portal} with the same header.',
  msg_resumo_assunto: 'fundamentos-br: events of week {semana}',
  msg_resumo_intro: 'Events of week {semana} in the companies you follow:',
  msg_resumo_pagina: 'On the week’s page: {link}',
};

export function textos(lang: Lang): Textos {
  return lang === 'en' ? en : pt;
}
