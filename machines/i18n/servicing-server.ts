import type { MessageArea } from './types.ts';

// Issue 22: the servicing server's messages (payments, payoff, account status refusals, the sandbox clock).
export const servicingServer: MessageArea = {
  en: {
    'servicingServer.notFound': 'We could not find a serviced lease with this id. Check the lease id and try again.',
    'servicingServer.amountTooHigh':
      'The amount is more than what is owed on this lease ({owed}). Enter at most {owed}.',
    'servicingServer.amountTooLow': 'The amount must be at least $0.50.',
    'servicingServer.amountInvalid': 'Enter the amount in dollars and cents, for example 49.95.',
    'servicingServer.nothingOwed': 'Nothing is owed on this lease now.',
    'servicingServer.noPaymentMethod': 'This lease has no saved card or bank account. Add one, then try again.',
    'servicingServer.declined': 'The payment was declined: {reason}. Nothing was charged.',
    'servicingServer.returned': 'The bank returned the debit ({code}): {reason}. Nothing was collected.',
    'servicingServer.vendorUnavailable':
      'The payment service could not be reached. Nothing was charged; try again shortly.',
    'servicingServer.refused.ended': 'This lease has ended ({status}); it takes no more payments or changes.',
    'servicingServer.refused.notEnded': 'Only an ended (returned or charged off) lease can be reinstated.',
    'servicingServer.refused.payoffMismatch':
      'The payoff quote changed: it is {amount} today. Ask for the quote again and pay that amount.',
    'servicingServer.refused.notPayment': 'Only a payment can be reversed, and only once.',
    'servicingServer.refused.notFee': 'Only a fee can be waived, and for at most what is left of it.',
    'servicingServer.status.current': 'current',
    'servicingServer.status.pastDue': 'past due',
    'servicingServer.status.paidOut': 'paid out (owned)',
    'servicingServer.status.purchasedEarly': 'purchased early (owned)',
    'servicingServer.status.returned': 'returned',
    'servicingServer.status.chargedOff': 'charged off',
    'servicingServer.status.settled': 'settled',
    'servicingServer.clock.production': 'The sandbox clock is not available in production.',
    'servicingServer.clock.range': 'advance_days must be a whole number from 1 to 400.',
    'servicingServer.bank.invalid': 'Enter a routing number of 9 digits and an account number of 4 to 17 digits.',
  },
  es: {
    'servicingServer.notFound':
      'No encontramos un arrendamiento en servicio con este identificador. Revise el identificador e inténtelo de nuevo.',
    'servicingServer.amountTooHigh':
      'El monto es mayor de lo que se debe en este arrendamiento ({owed}). Ingrese como máximo {owed}.',
    'servicingServer.amountTooLow': 'El monto debe ser de al menos $0.50.',
    'servicingServer.amountInvalid': 'Ingrese el monto en dólares y centavos, por ejemplo 49.95.',
    'servicingServer.nothingOwed': 'No se debe nada en este arrendamiento ahora.',
    'servicingServer.noPaymentMethod':
      'Este arrendamiento no tiene una tarjeta ni una cuenta bancaria guardada. Agregue una e inténtelo de nuevo.',
    'servicingServer.declined': 'El pago fue rechazado: {reason}. No se cobró nada.',
    'servicingServer.returned': 'El banco devolvió el débito ({code}): {reason}. No se cobró nada.',
    'servicingServer.vendorUnavailable':
      'No se pudo contactar al servicio de pagos. No se cobró nada; inténtelo de nuevo en unos minutos.',
    'servicingServer.refused.ended': 'Este arrendamiento terminó ({status}); no acepta más pagos ni cambios.',
    'servicingServer.refused.notEnded': 'Solo se puede restablecer un arrendamiento terminado (devuelto o castigado).',
    'servicingServer.refused.payoffMismatch':
      'La cotización de liquidación cambió: hoy es {amount}. Pida la cotización de nuevo y pague ese monto.',
    'servicingServer.refused.notPayment': 'Solo se puede revertir un pago, y una sola vez.',
    'servicingServer.refused.notFee': 'Solo se puede condonar un cargo, y como máximo lo que queda de él.',
    'servicingServer.status.current': 'al día',
    'servicingServer.status.pastDue': 'vencido',
    'servicingServer.status.paidOut': 'pagado (propio)',
    'servicingServer.status.purchasedEarly': 'comprado anticipadamente (propio)',
    'servicingServer.status.returned': 'devuelto',
    'servicingServer.status.chargedOff': 'castigado',
    'servicingServer.status.settled': 'liquidado por acuerdo',
    'servicingServer.clock.production': 'El reloj del entorno de pruebas no está disponible en producción.',
    'servicingServer.clock.range': 'advance_days debe ser un número entero de 1 a 400.',
    'servicingServer.bank.invalid': 'Ingrese un número de ruta de 9 dígitos y un número de cuenta de 4 a 17 dígitos.',
  },
};
