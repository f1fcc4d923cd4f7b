import type { MessageArea } from './types.ts';

// What the lessee's API (`/customer/api`, issue 22) answers and sends: sign-in by one-time code, refusals of the
// lease operations, the autopay authorisation (Regulation E) and the reminders. The account pages' own texts live in
// their area; these are the server's.
export const customerApi: MessageArea = {
  en: {
    'customer.auth.phone.invalid': 'Enter the cell phone number on your lease (10 digits).',
    'customer.auth.email.invalid': 'Enter the e-mail address on your lease.',
    'customer.auth.address.one': 'Enter either the phone number or the e-mail address on your lease.',
    'customer.auth.code.sent':
      'If a lease has this phone number or e-mail address, a code is on its way. It is valid for 10 minutes.',
    'customer.auth.code.invalid': 'Enter the 5-digit code from the message.',
    'customer.auth.code.wrong': 'That code is not right. You have {attempts} more tries.',
    'customer.auth.code.expired': 'This code has expired or was already used. Ask for a new code.',
    'customer.auth.code.maxed': 'Too many wrong codes. Ask for a new code.',
    'customer.auth.code.tooMany': 'Too many codes were asked for. Try again in {minutes} minutes.',
    'customer.auth.code.pending': 'Ask for a code first: enter the phone number or e-mail address on your lease.',
    'customer.auth.code.sendFailed': 'We could not send the code just now. Try again in a moment.',
    'customer.auth.signedIn': 'You are signed in.',
    'customer.auth.signedOut': 'You are signed out.',
    'customer.auth.session.invalid': 'Your session has ended. Please sign in again.',
    'customer.auth.csrf': 'This request could not be verified. Reload the page and try again.',
    'customer.auth.message.sms':
      '{brand}: your sign-in code is {code}. It expires in 10 minutes. Reply STOP to opt out.',
    'customer.auth.message.subject': 'Your {brand} sign-in code',
    'customer.auth.message.email':
      'Hello {name},\n\nYour code to sign in to your {brand} lease account is {code}. It expires in 10 minutes.\n\nIf you did not ask for it, you can ignore this message.',

    'customer.lease.not_found': 'We could not find this lease in your account.',
    'customer.lease.closed': 'This lease is {status}: nothing more can be paid or changed on it.',
    'customer.payment.amount.invalid': 'Enter an amount in cents, more than zero.',
    'customer.card.purpose.invalid': 'Say what the card is for: a payment, the payoff or autopay.',
    'customer.card.pay': 'Pay',
    'customer.card.save': 'Save card',
    'customer.payment.amount.tooHigh': 'The most you can pay now is {max}. Enter a smaller amount.',
    'customer.payment.token.required': 'Enter your card details in the card form first.',
    'customer.payment.token.invalid': 'The card could not be read. Enter your card details again.',
    'customer.payment.declined': 'Your card was declined: {reason} Nothing was charged. Try another card.',
    'customer.payment.received': 'Thank you: your payment of {amount} was received.',
    'customer.payoff.amount.invalid': 'The payoff amount is missing. Ask for a new payoff quote.',
    'customer.payoff.amount.changed': 'The payoff amount is now {amount}. Review the new quote and pay again.',
    'customer.payoff.unavailable': 'A payoff cannot be paid on this lease now: it is {status}.',
    'customer.payoff.paid': 'Thank you: the lease is paid off and the merchandise is yours.',
    'customer.autopay.enabled.invalid': 'Choose whether autopay is on or off.',
    'customer.autopay.version.invalid': 'Reload the page to read the current autopay authorisation.',
    'customer.autopay.accept.required': 'Read and accept the autopay authorisation to turn autopay on.',
    'customer.autopay.version.changed':
      'The autopay authorisation has changed. Read the current text and accept it to turn autopay on.',
    'customer.autopay.card.required': 'Enter the card autopay should charge.',
    'customer.autopay.on': 'Autopay is on. A copy of the authorisation was sent to you.',
    'customer.autopay.off': 'Autopay is off. No more automatic payments will be taken.',
    'customer.autopay.card.onFile': 'my card ending in {last4}',
    'customer.autopay.card.toEnter': 'the card I enter after agreeing to this authorisation',
    'customer.autopay.authorisation':
      'I authorise {lender} to charge {card} {amount} on each due date of my lease ({frequency}), starting {start}, and any past due amount on the next due date, until the lease is paid in full or I revoke this authorisation. I can revoke it at any time in my account or by calling {phone}; a revocation applies to every debit not yet submitted. Autopay is optional: it is not a condition of my lease. If a debit will differ from the scheduled amount, {lender} will tell me the amount and date at least 10 days before.',
    'customer.autopay.copy.subject': 'Your {brand} autopay authorisation',
    'customer.autopay.copy.email':
      'Hello {name},\n\nYou turned on autopay for lease {lease} on {date}. This is your copy of the authorisation:\n\n{text}\n\nTo turn autopay off at any time, sign in to your account.',
    'customer.autopay.revoked.subject': 'Autopay is off for your {brand} lease',
    'customer.autopay.revoked.email':
      'Hello {name},\n\nAutopay for lease {lease} was turned off on {date}. No more automatic payments will be taken; pay each installment by its due date in your account.',
    'customer.return.reason.too_long': 'Keep the reason under 500 characters.',
    'customer.return.unavailable': 'A return cannot be started on this lease now: it is {status}.',
    'customer.return.already': 'A return was already started on {date}.',
    'customer.return.started': 'Your return has started.',
    'customer.return.instructions':
      'We will call you within 2 business days to arrange the pickup or drop-off of the merchandise. Keep paying until it is returned: your lease ends when the merchandise is back with the store.',
    'customer.due_date.invalid': 'Enter a date as YYYY-MM-DD.',
    'customer.due_date.outOfRange': 'Choose a date between {earliest} and {latest}.',
    'customer.due_date.noneLeft': 'You have already moved a payment date {max} times this year.',
    'customer.due_date.unavailable': 'The payment date cannot be moved on this lease now.',
    'customer.due_date.same': 'That is already the payment date.',
    'customer.due_date.moved': 'Your next payment is now due on {date}.',
    'customer.reminder.debit.sms':
      '{brand}: {amount} for your lease will be charged on {date}. Questions? Sign in to your account. Reply STOP to opt out.',
    'customer.reminder.debit.subject': 'Your {brand} payment of {amount} on {date}',
    'customer.reminder.debit.email':
      'Hello {name},\n\nYour lease payment of {amount} will be charged on {date} to your card ending in {last4}. To change this, sign in to your account.',
    'customer.reminder.failed.sms':
      '{brand}: your lease payment of {amount} on {date} did not go through. Pay in your account to stay current. Reply STOP to opt out.',
    'customer.reminder.failed.subject': 'Your {brand} payment did not go through',
    'customer.reminder.failed.email':
      'Hello {name},\n\nYour lease payment of {amount} on {date} did not go through ({reason}). Sign in to your account to pay it, or update your card.',
    'customer.reminder.varying.sms':
      '{brand}: your automatic payment on {date} will be {amount}, not {scheduled}: it includes {fees} of fees owed. To pay them another way, sign in to your account. Reply STOP to opt out.',
    'customer.reminder.varying.subject': 'Your {brand} payment on {date} will be {amount}',
    'customer.reminder.varying.email':
      'Hello {name},\n\nYour automatic lease payment on {date} will be {amount} instead of your scheduled {scheduled}, because it includes {fees} of fees owed. It will be charged to your card ending in {last4}. If you pay the fees before then, or turn autopay off in your account, only what is scheduled will be charged.',
    'customer.reminders.sms.consent':
      'Text me a reminder before each payment and a notice when a payment does not go through, at the mobile number on my lease. Message and data rates may apply. Reply STOP to any message to stop them. Not a condition of the lease. No marketing messages.',
    'customer.reminders.saved': 'Your reminder choices are saved.',
    'customer.reminders.invalid': 'Choose on or off for each kind of reminder.',
    'staff.consents.kind.autopay_authorised': 'Autopay authorised',
    'staff.consents.kind.autopay_revoked': 'Autopay revoked',
    'staff.consents.kind.reminders': 'Payment reminders',
    'customer.sms.stopped': '{brand}: you will get no more text messages from us. Reply START to opt back in.',
    'customer.sms.started': '{brand}: text messages are on again. Reply STOP to opt out.',
  },
  es: {
    'customer.auth.phone.invalid': 'Ingrese el número de celular de su arrendamiento (10 dígitos).',
    'customer.auth.email.invalid': 'Ingrese el correo electrónico de su arrendamiento.',
    'customer.auth.address.one': 'Ingrese el número de teléfono o el correo electrónico de su arrendamiento, no ambos.',
    'customer.auth.code.sent':
      'Si un arrendamiento tiene este teléfono o correo electrónico, le enviamos un código. Es válido por 10 minutos.',
    'customer.auth.code.invalid': 'Ingrese el código de 5 dígitos del mensaje.',
    'customer.auth.code.wrong': 'Ese código no es correcto. Le quedan {attempts} intentos.',
    'customer.auth.code.expired': 'Este código venció o ya se usó. Pida un código nuevo.',
    'customer.auth.code.maxed': 'Demasiados códigos incorrectos. Pida un código nuevo.',
    'customer.auth.code.tooMany': 'Se pidieron demasiados códigos. Vuelva a intentarlo en {minutes} minutos.',
    'customer.auth.code.pending':
      'Primero pida un código: ingrese el teléfono o el correo electrónico de su arrendamiento.',
    'customer.auth.code.sendFailed': 'No pudimos enviar el código en este momento. Inténtelo de nuevo en un momento.',
    'customer.auth.signedIn': 'Ha iniciado sesión.',
    'customer.auth.signedOut': 'Ha cerrado la sesión.',
    'customer.auth.session.invalid': 'Su sesión terminó. Inicie sesión de nuevo.',
    'customer.auth.csrf': 'No pudimos verificar esta solicitud. Vuelva a cargar la página e inténtelo de nuevo.',
    'customer.auth.message.sms':
      '{brand}: su código de acceso es {code}. Vence en 10 minutos. Responda STOP para no recibir más mensajes.',
    'customer.auth.message.subject': 'Su código de acceso de {brand}',
    'customer.auth.message.email':
      'Hola {name}:\n\nSu código para entrar a su cuenta de arrendamiento de {brand} es {code}. Vence en 10 minutos.\n\nSi no lo pidió, puede ignorar este mensaje.',

    'customer.lease.not_found': 'No encontramos este arrendamiento en su cuenta.',
    'customer.lease.closed': 'Este arrendamiento está {status}: ya no se puede pagar ni cambiar nada en él.',
    'customer.payment.amount.invalid': 'Ingrese un monto en centavos, mayor que cero.',
    'customer.card.purpose.invalid': 'Indique para qué es la tarjeta: un pago, la liquidación o el pago automático.',
    'customer.card.pay': 'Pagar',
    'customer.card.save': 'Guardar tarjeta',
    'customer.payment.amount.tooHigh': 'Lo máximo que puede pagar ahora es {max}. Ingrese un monto menor.',
    'customer.payment.token.required': 'Primero ingrese los datos de su tarjeta en el formulario de tarjeta.',
    'customer.payment.token.invalid': 'No pudimos leer la tarjeta. Ingrese los datos de su tarjeta de nuevo.',
    'customer.payment.declined': 'Su tarjeta fue rechazada: {reason} No se cobró nada. Pruebe con otra tarjeta.',
    'customer.payment.received': 'Gracias: recibimos su pago de {amount}.',
    'customer.payoff.amount.invalid': 'Falta el monto de liquidación. Pida una nueva cotización.',
    'customer.payoff.amount.changed':
      'El monto de liquidación ahora es {amount}. Revise la nueva cotización y pague de nuevo.',
    'customer.payoff.unavailable': 'No se puede liquidar este arrendamiento ahora: está {status}.',
    'customer.payoff.paid': 'Gracias: el arrendamiento está liquidado y la mercancía es suya.',
    'customer.autopay.enabled.invalid': 'Elija si el pago automático está activado o desactivado.',
    'customer.autopay.version.invalid':
      'Vuelva a cargar la página para leer la autorización de pago automático vigente.',
    'customer.autopay.accept.required': 'Lea y acepte la autorización de pago automático para activarlo.',
    'customer.autopay.version.changed':
      'La autorización de pago automático cambió. Lea el texto vigente y acéptelo para activar el pago automático.',
    'customer.autopay.card.required': 'Ingrese la tarjeta que se cobrará con el pago automático.',
    'customer.autopay.on': 'El pago automático está activado. Le enviamos una copia de la autorización.',
    'customer.autopay.off': 'El pago automático está desactivado. No se harán más cobros automáticos.',
    'customer.autopay.card.onFile': 'mi tarjeta terminada en {last4}',
    'customer.autopay.card.toEnter': 'la tarjeta que ingrese después de aceptar esta autorización',
    'customer.autopay.authorisation':
      'Autorizo a {lender} a cobrar a {card} {amount} en cada fecha de pago de mi arrendamiento ({frequency}), a partir del {start}, y cualquier monto vencido en la siguiente fecha de pago, hasta que el arrendamiento esté pagado o revoque esta autorización. Puedo revocarla en cualquier momento en mi cuenta o llamando al {phone}; la revocación se aplica a todo cobro aún no enviado. El pago automático es opcional: no es una condición de mi arrendamiento. Si un cobro va a ser distinto del monto programado, {lender} me informará el monto y la fecha al menos 10 días antes.',
    'customer.autopay.copy.subject': 'Su autorización de pago automático de {brand}',
    'customer.autopay.copy.email':
      'Hola {name}:\n\nActivó el pago automático del arrendamiento {lease} el {date}. Esta es su copia de la autorización:\n\n{text}\n\nPara desactivar el pago automático en cualquier momento, entre a su cuenta.',
    'customer.autopay.revoked.subject': 'El pago automático de su arrendamiento de {brand} está desactivado',
    'customer.autopay.revoked.email':
      'Hola {name}:\n\nEl pago automático del arrendamiento {lease} se desactivó el {date}. No se harán más cobros automáticos; pague cada cuota antes de su fecha en su cuenta.',
    'customer.return.reason.too_long': 'El motivo debe tener menos de 500 caracteres.',
    'customer.return.unavailable': 'No se puede iniciar una devolución de este arrendamiento ahora: está {status}.',
    'customer.return.already': 'Ya se inició una devolución el {date}.',
    'customer.return.started': 'Su devolución comenzó.',
    'customer.return.instructions':
      'Lo llamaremos dentro de 2 días hábiles para acordar la recolección o la entrega de la mercancía. Siga pagando hasta que se devuelva: su arrendamiento termina cuando la mercancía vuelve a la tienda.',
    'customer.due_date.invalid': 'Ingrese una fecha como AAAA-MM-DD.',
    'customer.due_date.outOfRange': 'Elija una fecha entre el {earliest} y el {latest}.',
    'customer.due_date.noneLeft': 'Ya cambió una fecha de pago {max} veces este año.',
    'customer.due_date.unavailable': 'No se puede cambiar la fecha de pago de este arrendamiento ahora.',
    'customer.due_date.same': 'Esa ya es la fecha de pago.',
    'customer.due_date.moved': 'Su próximo pago vence ahora el {date}.',
    'customer.reminder.debit.sms':
      '{brand}: el {date} se cobrarán {amount} de su arrendamiento. ¿Preguntas? Entre a su cuenta. Responda STOP para no recibir más mensajes.',
    'customer.reminder.debit.subject': 'Su pago de {brand} de {amount} el {date}',
    'customer.reminder.debit.email':
      'Hola {name}:\n\nEl pago de su arrendamiento de {amount} se cobrará el {date} a su tarjeta terminada en {last4}. Para cambiarlo, entre a su cuenta.',
    'customer.reminder.failed.sms':
      '{brand}: su pago de {amount} del {date} no se pudo cobrar. Pague en su cuenta para mantenerse al día. Responda STOP para no recibir más mensajes.',
    'customer.reminder.failed.subject': 'Su pago de {brand} no se pudo cobrar',
    'customer.reminder.failed.email':
      'Hola {name}:\n\nSu pago de arrendamiento de {amount} del {date} no se pudo cobrar ({reason}). Entre a su cuenta para pagarlo o actualizar su tarjeta.',
    'customer.reminder.varying.sms':
      '{brand}: su pago automático del {date} será de {amount}, no de {scheduled}: incluye {fees} de cargos pendientes. Para pagarlos de otra forma, entre a su cuenta. Responda PARAR para no recibir mensajes.',
    'customer.reminder.varying.subject': 'Su pago de {brand} del {date} será de {amount}',
    'customer.reminder.varying.email':
      'Hola {name}:\n\nSu pago automático de arrendamiento del {date} será de {amount} en lugar de los {scheduled} programados, porque incluye {fees} de cargos pendientes. Se cobrará a su tarjeta terminada en {last4}. Si paga los cargos antes, o desactiva el pago automático en su cuenta, solo se cobrará lo programado.',
    'customer.reminders.sms.consent':
      'Envíenme un recordatorio por mensaje de texto antes de cada pago y un aviso cuando un pago no se pueda cobrar, al celular de mi arrendamiento. Pueden aplicarse tarifas de mensajes y datos. Responda STOP a cualquier mensaje para dejar de recibirlos. No es una condición del arrendamiento. Sin mensajes de mercadeo.',
    'customer.reminders.saved': 'Sus preferencias de recordatorios se guardaron.',
    'customer.reminders.invalid': 'Elija activado o desactivado para cada tipo de recordatorio.',
    'staff.consents.kind.autopay_authorised': 'Pago automático autorizado',
    'staff.consents.kind.autopay_revoked': 'Pago automático revocado',
    'staff.consents.kind.reminders': 'Recordatorios de pago',
    'customer.sms.stopped': '{brand}: no recibirá más mensajes de texto. Responda START para volver a recibirlos.',
    'customer.sms.started':
      '{brand}: los mensajes de texto están activados de nuevo. Responda STOP para no recibirlos.',
  },
};
