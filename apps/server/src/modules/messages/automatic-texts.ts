import type { MessagesLanguage } from '@wacrm/shared';

/**
 * The sentences the product writes to customers on its own, in the company's chosen language
 * (setting `messagesLanguage`). Configurable texts (greetings, completion, out-of-hours, rating
 * question) come from the connection and queue; these are the fixed parts around them.
 */
const texts = {
  pt: {
    acceptGreeting: (greeting: string, customer: string, agent: string) =>
      `${greeting}, *${customer}*, meu nome é *${agent}* e agora vou prosseguir com seu atendimento!`,
    transferredToUser: (name: string) =>
      `*Mensagem automática*:\nVocê foi transferido para o atendente *${name}*, aguarde que já vamos te atender!`,
    transferredToQueue: (name: string) =>
      `*Mensagem automática*:\nVocê foi transferido para o departamento *${name}*, aguarde que já vamos te atender!`,
    transferredToQueueAndUser: (queue: string, user: string) =>
      `*Mensagem automática*:\nVocê foi transferido para o atendente *${user}* do departamento *${queue}*, aguarde que já vamos te atender!`,
    back: 'Voltar',
    mainMenu: 'Menu inicial',
    menuButton: 'Ver opções',
    menuPrompt: 'Escolha uma opção:',
    ratingQuestion: 'Por favor, avalie o nosso atendimento respondendo com um número:',
    ratingScale: { 1: 'Insatisfeito', 2: 'Satisfeito', 3: 'Muito satisfeito' },
    ratingThanks: 'Obrigado pela sua avaliação!',
    callRejected: 'As chamadas de voz e vídeo não são atendidas neste número. Por favor, envie uma mensagem de texto.',
    callLog: (video: boolean) => (video ? 'Chamada de vídeo recusada' : 'Chamada de voz recusada'),
  },
  en: {
    acceptGreeting: (greeting: string, customer: string, agent: string) =>
      `${greeting}, *${customer}*, my name is *${agent}* and I will take it from here!`,
    transferredToUser: (name: string) =>
      `*Automatic message*:\nYou have been transferred to *${name}*, please wait, we will be with you shortly!`,
    transferredToQueue: (name: string) =>
      `*Automatic message*:\nYou have been transferred to the *${name}* department, please wait, we will be with you shortly!`,
    transferredToQueueAndUser: (queue: string, user: string) =>
      `*Automatic message*:\nYou have been transferred to *${user}* in the *${queue}* department, please wait, we will be with you shortly!`,
    back: 'Back',
    mainMenu: 'Main menu',
    menuButton: 'See options',
    menuPrompt: 'Choose an option:',
    ratingQuestion: 'Please rate our service by replying with a number:',
    ratingScale: { 1: 'Unsatisfied', 2: 'Satisfied', 3: 'Very satisfied' },
    ratingThanks: 'Thank you for your rating!',
    callRejected: 'Voice and video calls are not answered on this number. Please send a text message.',
    callLog: (video: boolean) => (video ? 'Video call declined' : 'Voice call declined'),
  },
  es: {
    acceptGreeting: (greeting: string, customer: string, agent: string) =>
      `${greeting}, *${customer}*, mi nombre es *${agent}* y ahora continuaré con su atención.`,
    transferredToUser: (name: string) =>
      `*Mensaje automático*:\nUsted fue transferido al agente *${name}*, espere que pronto le atenderemos.`,
    transferredToQueue: (name: string) =>
      `*Mensaje automático*:\nUsted fue transferido al departamento *${name}*, espere que pronto le atenderemos.`,
    transferredToQueueAndUser: (queue: string, user: string) =>
      `*Mensaje automático*:\nUsted fue transferido al agente *${user}* del departamento *${queue}*, espere que pronto le atenderemos.`,
    back: 'Volver',
    mainMenu: 'Menú inicial',
    menuButton: 'Ver opciones',
    menuPrompt: 'Elija una opción:',
    ratingQuestion: 'Por favor, evalúe nuestra atención respondiendo con un número:',
    ratingScale: { 1: 'Insatisfecho', 2: 'Satisfecho', 3: 'Muy satisfecho' },
    ratingThanks: '¡Gracias por su evaluación!',
    callRejected: 'Las llamadas de voz y video no se atienden en este número. Por favor, envíe un mensaje de texto.',
    callLog: (video: boolean) => (video ? 'Llamada de video rechazada' : 'Llamada de voz rechazada'),
  },
} as const;

export function automaticTexts(language: MessagesLanguage) {
  return texts[language] ?? texts.pt;
}
