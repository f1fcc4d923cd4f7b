import type { MessageArea } from './types.ts';

// Issue 22: the servicing engine's server messages (payments, payoff, account status refusals, the sandbox clock).
export const servicing: MessageArea = {
  en: {
    'servicing.notFound': 'We could not find a serviced lease with this id. Check the lease id and try again.',
    'servicing.amountTooHigh': 'The amount is more than what is owed on this lease ({owed}). Enter at most {owed}.',
    'servicing.amountTooLow': 'The amount must be at least $0.50.',
    'servicing.amountInvalid': 'Enter the amount in dollars and cents, for example 49.95.',
    'servicing.nothingOwed': 'Nothing is owed on this lease now.',
    'servicing.noPaymentMethod': 'This lease has no saved card or bank account. Add one, then try again.',
    'servicing.declined': 'The payment was declined: {reason}. Nothing was charged.',
    'servicing.returned': 'The bank returned the debit ({code}): {reason}. Nothing was collected.',
    'servicing.vendorUnavailable': 'The payment service could not be reached. Nothing was charged; try again shortly.',
    'servicing.refused.ended': 'This lease has ended ({status}); it takes no more payments or changes.',
    'servicing.refused.notEnded': 'Only an ended (returned or charged off) lease can be reinstated.',
    'servicing.refused.payoffMismatch':
      'The payoff quote changed: it is {amount} today. Ask for the quote again and pay that amount.',
    'servicing.refused.notPayment': 'Only a payment can be reversed, and only once.',
    'servicing.refused.notFee': 'Only a fee can be waived, and for at most what is left of it.',
    'servicing.status.current': 'current',
    'servicing.status.pastDue': 'past due',
    'servicing.status.paidOut': 'paid out (owned)',
    'servicing.status.purchasedEarly': 'purchased early (owned)',
    'servicing.status.returned': 'returned',
    'servicing.status.chargedOff': 'charged off',
    'servicing.clock.production': 'The sandbox clock is not available in production.',
    'servicing.clock.range': 'advance_days must be a whole number from 1 to 400.',
    'servicing.bank.invalid': 'Enter a routing number of 9 digits and an account number of 4 to 17 digits.',
  },
  es: {
    'servicing.notFound':
      'No encontramos un arrendamiento en servicio con este identificador. Revise el identificador e inténtelo de nuevo.',
    'servicing.amountTooHigh':
      'El monto es mayor de lo que se debe en este arrendamiento ({owed}). Ingrese como máximo {owed}.',
    'servicing.amountTooLow': 'El monto debe ser de al menos $0.50.',
    'servicing.amountInvalid': 'Ingrese el monto en dólares y centavos, por ejemplo 49.95.',
    'servicing.nothingOwed': 'No se debe nada en este arrendamiento ahora.',
    'servicing.noPaymentMethod':
      'Este arrendamiento no tiene una tarjeta ni una cuenta bancaria guardada. Agregue una e inténtelo de nuevo.',
    'servicing.declined': 'El pago fue rechazado: {reason}. No se cobró nada.',
    'servicing.returned': 'El banco devolvió el débito ({code}): {reason}. No se cobró nada.',
    'servicing.vendorUnavailable':
      'No se pudo contactar al servicio de pagos. No se cobró nada; inténtelo de nuevo en unos minutos.',
    'servicing.refused.ended': 'Este arrendamiento terminó ({status}); no acepta más pagos ni cambios.',
    'servicing.refused.notEnded': 'Solo se puede restablecer un arrendamiento terminado (devuelto o castigado).',
    'servicing.refused.payoffMismatch':
      'La cotización de liquidación cambió: hoy es {amount}. Pida la cotización de nuevo y pague ese monto.',
    'servicing.refused.notPayment': 'Solo se puede revertir un pago, y una sola vez.',
    'servicing.refused.notFee': 'Solo se puede condonar un cargo, y como máximo lo que queda de él.',
    'servicing.status.current': 'al día',
    'servicing.status.pastDue': 'vencido',
    'servicing.status.paidOut': 'pagado (propio)',
    'servicing.status.purchasedEarly': 'comprado anticipadamente (propio)',
    'servicing.status.returned': 'devuelto',
    'servicing.status.chargedOff': 'castigado',
    'servicing.clock.production': 'El reloj del entorno de pruebas no está disponible en producción.',
    'servicing.clock.range': 'advance_days debe ser un número entero de 1 a 400.',
    'servicing.bank.invalid': 'Ingrese un número de ruta de 9 dígitos y un número de cuenta de 4 a 17 dígitos.',
  },
};
