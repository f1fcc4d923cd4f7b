import type { MessageArea } from './types.ts';

// Texts of the PIN, bank-link, identity-check, payroll and idle-session flows (seed 000 sections 2, 4, 8, 9).
// Texts quoted by the seed are kept exactly, including their capitalisation and punctuation.

/** A message a flow machine shows: a catalogue key (or a server text, which `translate` passes through). */
export interface FlowNotice {
  kind: 'success' | 'error' | 'info';
  key: string;
  params?: Record<string, string | number>;
}

/**
 * How effects (named actors) report a failed call: they reject with the envelope's `code` (the HTTP status,
 * 0 when the network failed) and its `message`, plus `data` when the server sent some.
 */
export interface EffectError {
  code?: number;
  message?: string;
  data?: unknown;
}

/** The status code of a rejected effect; 0 when there was no response at all (network failure). */
export function effectErrorCode(error: unknown): number {
  if (error && typeof error === 'object') {
    const { code, status } = error as { code?: unknown; status?: unknown };
    if (typeof code === 'number') return code;
    if (typeof status === 'number') return status;
  }
  return 0;
}

/** The server's message of a rejected effect, or `fallback` (a catalogue key) when it has none. */
export function effectErrorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object') {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/** `data` of a rejected effect, as an object (empty when absent). */
export function effectErrorData(error: unknown): Record<string, unknown> {
  if (error && typeof error === 'object') {
    const { data } = error as { data?: unknown };
    if (data && typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
  }
  return {};
}

export const flows: MessageArea = {
  en: {
    'payroll.outcome.raised': 'Your income was verified. You are now approved for up to {amount}.',
    'payroll.outcome.kept':
      'Your verified income does not qualify you for a higher approval. Your current offer of up to {amount} is still available.',
    'payroll.outcome.not-verified':
      'We could not verify your income with your payroll provider. Your current offer of up to {amount} is still available.',
    'payroll.outcome.denied':
      'Based on the income verified with your payroll provider, we are unable to approve your application at this time.',
    // PIN verification
    'pin.title': 'Text Message Verification',
    'pin.instructions.sms': 'We sent a 5-digit PIN to your mobile phone. Enter it below to continue.',
    'pin.instructions.email': 'We sent a 5-digit PIN to your e-mail address. Enter it below to continue.',
    'pin.code.label': 'PIN',
    'pin.code.invalid': 'The PIN has 5 digits.',
    'pin.mode.invalid': 'Choose SMS or E-mail.',
    'pin.mode.sms': 'SMS',
    'pin.mode.email': 'E-mail',
    'pin.mode.useSms': 'Send the PIN by SMS instead',
    'pin.mode.useEmail': 'Send the PIN by E-mail instead',
    'pin.resend': 'Resend PIN',
    'pin.continue': 'Continue',
    'pin.edit': 'Edit Application',
    'pin.newApplication': 'New Application',
    'pin.sending': 'Sending the PIN…',
    'pin.verifying': 'Checking the PIN…',
    'pin.sent': 'PIN has been sent to you for verification.',
    'pin.sendFailed': 'PIN could not be sent. Please try again later.',
    'pin.verified': 'PIN verification successful.',
    'pin.failed': 'PIN verification failed.',
    'pin.expired': 'This PIN has expired. Please use Resend PIN to get a new one.',
    'pin.tooManySends': 'Too many PINs were requested. Please wait {minutes} minutes and try again.',
    'pin.maxed': 'Too many incorrect PINs were entered.',
    'pin.requiresNewApp.title': 'A new application is needed',
    'pin.requiresNewApp.text': 'This application cannot be used for this purchase. Please create a new application.',
    'pin.requiresNewApp.action': 'Create a new application',
    'pin.items.title': 'Checkout Items Confirmation',
    'pin.items.text':
      'The items of this checkout differ from the items of your current contract. To continue with the new items, a new contract must be signed.',
    'pin.items.old': 'Previous items',
    'pin.items.new': 'New items',
    'pin.items.qty': 'Qty',
    'pin.items.description': 'Description',
    'pin.items.sku': 'SKU',
    'pin.items.unitPrice': 'Unit Price',
    'pin.items.confirm': 'Continue with the new items',
    'pin.mode.legend': 'Send the PIN by',
    'pin.retrievalNote': 'We found your application. Enter the PIN we sent you to continue.',

    // Bank connection
    'bank.title': 'Connect your bank account',
    'bank.intro': 'Connect your bank securely to fill in your routing and account numbers.',
    'bank.send.sms': 'Text me the link',
    'bank.send.email': 'E-mail me the link',
    'bank.resend': 'Send the link again',
    'bank.sending': 'Sending the link…',
    'bank.inProgress.title': 'Connection in progress',
    'bank.inProgress.sms':
      'We sent a link to your mobile phone. Open it and connect your bank; this window updates by itself.',
    'bank.inProgress.email':
      'We sent a link to your e-mail address. Open it and connect your bank; this window updates by itself.',
    'bank.profile.check': 'I have connected my bank',
    'bank.profile.checking': 'Checking your connection…',
    'bank.profile.notReady': 'Profile not ready. Please try again in a moment.',
    'bank.profileDeleting':
      'Either the email or phone number is not valid. Please use another email and / or phone or try again later.',
    'bank.missingData':
      'These details are not available for use: {fields}. Please use another {fields} or try again later.',
    'bank.sendFailed': 'The link could not be sent. Please try again later.',
    'bank.accounts.loading': 'Loading your accounts…',
    'bank.accounts.none': 'No accounts found for the connected profile.',
    'bank.accounts.failed': 'Your accounts could not be loaded. Please try again.',
    'bank.accounts.retry': 'Try again',
    'bank.accounts.title': 'Choose an account',
    'bank.accounts.option': '{institution} {name} ({type}) ending in {mask}',
    'bank.accounts.select': 'Use this account',
    'bank.ach.loading': 'Getting the details of the account ending in {last4}… {seconds} s',
    'bank.ach.failed':
      'Failed to get ACH numbers for the account ending: ****{last4}. Please try selecting this account again after a moment, try choosing a different account or contact support. You can also enter the details manually.',
    'bank.manual.link': 'Enter the details manually',
    'bank.manual.title': 'Enter your bank details manually',
    'bank.manual.text':
      'Your routing and account numbers will not be checked with your bank. Entering them wrongly may delay or stop your application.',
    'bank.manual.confirm': 'I understand',
    'bank.manual.cancel': 'Go back',
    'bank.abandon': 'Cancel the connection',
    'bank.linked': 'Bank account connected.',

    // Identity check
    'identity.title': 'Verify your identity',
    'identity.text':
      'We will text a link to your mobile phone. Open it, follow the steps, then come back and press Continue.',
    'identity.phone.label': 'Mobile phone',
    'identity.phone.invalid': 'Enter a mobile phone number as (###) ###-####.',
    'identity.send': 'Send link',
    'identity.resend': 'Send the link again',
    'identity.sending': 'Sending the link…',
    'identity.verifying': 'Checking…',
    'identity.continue': 'Continue',
    'identity.linkSent': 'Link sent to your Mobile phone.',
    'identity.linkFailed': 'Link could not be sent.',
    'identity.unableToComplete': 'Unable to complete process. Please wait a few seconds and try again.',
    'identity.completed': 'Identity check completed.',

    // Payroll deduction affordability
    'payroll.title': 'Increase your approval with payroll deduction',
    'payroll.employer.label': 'Employer',
    'payroll.employer.hint': 'Type at least 3 characters of your employer’s name.',
    'payroll.employer.searching': 'Searching…',
    'payroll.employer.notSupported': 'Employer not supported!',
    'payroll.start': 'Start the affordability check',
    'payroll.starting': 'Starting…',
    'payroll.initiated': 'Affordability check initiated!',
    'payroll.initiated.text': 'Follow the link we sent you to connect your payroll, then press Refresh.',
    'payroll.refresh': 'Refresh',
    'payroll.refreshing': 'Refreshing…',
    'payroll.restart': 'Resend link',
    'payroll.linkSent': 'Link sent successfully!',
    'payroll.linkFailed': 'Unable to send link!',
    'payroll.completed': 'Eligibility process completed!',
    'payroll.pending':
      'Affordability check pending! please complete process, or try again in a few minutes if you have already completed the process.',
    'payroll.failure.cannotIncrease': 'cannot increase offer',
    'payroll.failure.notApproved': 'application will not be approved',
    'payroll.notEligible': 'Payroll deduction is not available for this application.',

    // Idle session
    'idle.title': 'Are you still there?',
    'idle.text': 'For your security, this page will reload in {seconds} seconds because you have been inactive.',
    'idle.stay': 'Stay Connected',
    'idle.expired': 'Your session ended because you were inactive. Reloading…',
    'idle.staying': 'Keeping your session…',
  },
  es: {
    'payroll.outcome.raised': 'Su ingreso fue verificado. Ahora está aprobado por hasta {amount}.',
    'payroll.outcome.kept':
      'Su ingreso verificado no le permite una aprobación mayor. Su oferta actual de hasta {amount} sigue disponible.',
    'payroll.outcome.not-verified':
      'No pudimos verificar su ingreso con su proveedor de nómina. Su oferta actual de hasta {amount} sigue disponible.',
    'payroll.outcome.denied':
      'Según el ingreso verificado con su proveedor de nómina, no podemos aprobar su solicitud en este momento.',
    'pin.title': 'Verificación por mensaje de texto',
    'pin.instructions.sms': 'Enviamos un PIN de 5 dígitos a su teléfono móvil. Ingréselo abajo para continuar.',
    'pin.instructions.email': 'Enviamos un PIN de 5 dígitos a su correo electrónico. Ingréselo abajo para continuar.',
    'pin.code.label': 'PIN',
    'pin.code.invalid': 'El PIN tiene 5 dígitos.',
    'pin.mode.invalid': 'Elija SMS o correo electrónico.',
    'pin.mode.sms': 'SMS',
    'pin.mode.email': 'Correo electrónico',
    'pin.mode.useSms': 'Enviar el PIN por SMS',
    'pin.mode.useEmail': 'Enviar el PIN por correo electrónico',
    'pin.resend': 'Reenviar PIN',
    'pin.continue': 'Continuar',
    'pin.edit': 'Editar solicitud',
    'pin.newApplication': 'Nueva solicitud',
    'pin.sending': 'Enviando el PIN…',
    'pin.verifying': 'Verificando el PIN…',
    'pin.sent': 'Se le ha enviado un PIN para la verificación.',
    'pin.sendFailed': 'No se pudo enviar el PIN. Por favor, inténtelo más tarde.',
    'pin.verified': 'Verificación del PIN exitosa.',
    'pin.failed': 'La verificación del PIN falló.',
    'pin.expired': 'Este PIN ha expirado. Use Reenviar PIN para obtener uno nuevo.',
    'pin.tooManySends': 'Se solicitaron demasiados PIN. Espere {minutes} minutos e inténtelo de nuevo.',
    'pin.maxed': 'Se ingresaron demasiados PIN incorrectos.',
    'pin.requiresNewApp.title': 'Se necesita una nueva solicitud',
    'pin.requiresNewApp.text': 'Esta solicitud no se puede usar para esta compra. Por favor, cree una nueva solicitud.',
    'pin.requiresNewApp.action': 'Crear una nueva solicitud',
    'pin.items.title': 'Confirmación de artículos de la compra',
    'pin.items.text':
      'Los artículos de esta compra son distintos de los de su contrato actual. Para continuar con los artículos nuevos, debe firmar un contrato nuevo.',
    'pin.items.old': 'Artículos anteriores',
    'pin.items.new': 'Artículos nuevos',
    'pin.items.qty': 'Cant.',
    'pin.items.description': 'Descripción',
    'pin.items.sku': 'SKU',
    'pin.items.unitPrice': 'Precio unitario',
    'pin.items.confirm': 'Continuar con los artículos nuevos',
    'pin.mode.legend': 'Enviar el PIN por',
    'pin.retrievalNote': 'Encontramos su solicitud. Ingrese el PIN que le enviamos para continuar.',

    'bank.title': 'Conecte su cuenta bancaria',
    'bank.intro': 'Conecte su banco de forma segura para completar sus números de ruta y de cuenta.',
    'bank.send.sms': 'Enviarme el enlace por mensaje de texto',
    'bank.send.email': 'Enviarme el enlace por correo electrónico',
    'bank.resend': 'Enviar el enlace de nuevo',
    'bank.sending': 'Enviando el enlace…',
    'bank.inProgress.title': 'Conexión en curso',
    'bank.inProgress.sms':
      'Enviamos un enlace a su teléfono móvil. Ábralo y conecte su banco; esta ventana se actualiza sola.',
    'bank.inProgress.email':
      'Enviamos un enlace a su correo electrónico. Ábralo y conecte su banco; esta ventana se actualiza sola.',
    'bank.profile.check': 'Ya conecté mi banco',
    'bank.profile.checking': 'Verificando su conexión…',
    'bank.profile.notReady': 'El perfil aún no está listo. Por favor, inténtelo de nuevo en un momento.',
    'bank.profileDeleting':
      'El correo electrónico o el número de teléfono no es válido. Por favor, use otro correo electrónico y / o teléfono o inténtelo más tarde.',
    'bank.missingData': 'Estos datos no se pueden usar: {fields}. Por favor, use otro {fields} o inténtelo más tarde.',
    'bank.sendFailed': 'No se pudo enviar el enlace. Por favor, inténtelo más tarde.',
    'bank.accounts.loading': 'Cargando sus cuentas…',
    'bank.accounts.none': 'No se encontraron cuentas para el perfil conectado.',
    'bank.accounts.failed': 'No se pudieron cargar sus cuentas. Por favor, inténtelo de nuevo.',
    'bank.accounts.retry': 'Reintentar',
    'bank.accounts.title': 'Elija una cuenta',
    'bank.accounts.option': '{institution} {name} ({type}) terminada en {mask}',
    'bank.accounts.select': 'Usar esta cuenta',
    'bank.ach.loading': 'Obteniendo los datos de la cuenta terminada en {last4}… {seconds} s',
    'bank.ach.failed':
      'No se pudieron obtener los números ACH de la cuenta terminada en: ****{last4}. Intente seleccionar esta cuenta de nuevo en un momento, elija otra cuenta o comuníquese con soporte. También puede ingresar los datos manualmente.',
    'bank.manual.link': 'Ingresar los datos manualmente',
    'bank.manual.title': 'Ingrese sus datos bancarios manualmente',
    'bank.manual.text':
      'Sus números de ruta y de cuenta no se verificarán con su banco. Si los ingresa mal, su solicitud puede demorarse o detenerse.',
    'bank.manual.confirm': 'Entiendo',
    'bank.manual.cancel': 'Volver',
    'bank.abandon': 'Cancelar la conexión',
    'bank.linked': 'Cuenta bancaria conectada.',

    'identity.title': 'Verifique su identidad',
    'identity.text':
      'Le enviaremos un enlace a su teléfono móvil. Ábralo, siga los pasos y luego regrese y presione Continuar.',
    'identity.phone.label': 'Teléfono móvil',
    'identity.phone.invalid': 'Ingrese un número de teléfono móvil como (###) ###-####.',
    'identity.send': 'Enviar enlace',
    'identity.resend': 'Enviar el enlace de nuevo',
    'identity.sending': 'Enviando el enlace…',
    'identity.verifying': 'Verificando…',
    'identity.continue': 'Continuar',
    'identity.linkSent': 'Enlace enviado a su teléfono móvil.',
    'identity.linkFailed': 'No se pudo enviar el enlace.',
    'identity.unableToComplete':
      'No se pudo completar el proceso. Por favor, espere unos segundos e inténtelo de nuevo.',
    'identity.completed': 'Verificación de identidad completada.',

    'payroll.title': 'Aumente su aprobación con deducción de nómina',
    'payroll.employer.label': 'Empleador',
    'payroll.employer.hint': 'Escriba al menos 3 caracteres del nombre de su empleador.',
    'payroll.employer.searching': 'Buscando…',
    'payroll.employer.notSupported': '¡Empleador no admitido!',
    'payroll.start': 'Iniciar la verificación de capacidad de pago',
    'payroll.starting': 'Iniciando…',
    'payroll.initiated': '¡Verificación de capacidad de pago iniciada!',
    'payroll.initiated.text': 'Siga el enlace que le enviamos para conectar su nómina y luego presione Actualizar.',
    'payroll.refresh': 'Actualizar',
    'payroll.refreshing': 'Actualizando…',
    'payroll.restart': 'Reenviar enlace',
    'payroll.linkSent': '¡Enlace enviado correctamente!',
    'payroll.linkFailed': '¡No se pudo enviar el enlace!',
    'payroll.completed': '¡Proceso de elegibilidad completado!',
    'payroll.pending':
      '¡Verificación de capacidad de pago pendiente! Por favor, complete el proceso o inténtelo de nuevo en unos minutos si ya lo completó.',
    'payroll.failure.cannotIncrease': 'no se puede aumentar la oferta',
    'payroll.failure.notApproved': 'la solicitud no será aprobada',
    'payroll.notEligible': 'La deducción de nómina no está disponible para esta solicitud.',

    'idle.title': '¿Sigue ahí?',
    'idle.text': 'Por su seguridad, esta página se recargará en {seconds} segundos por inactividad.',
    'idle.stay': 'Seguir conectado',
    'idle.expired': 'Su sesión terminó por inactividad. Recargando…',
    'idle.staying': 'Manteniendo su sesión…',
  },
};
