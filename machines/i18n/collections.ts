import type { MessageArea } from './types.ts';

// Issue 23: collections and servicing for staff (the servicing actions, the account panel, the collections queue).
export const collections: MessageArea = {
  en: {
    'collections.action.unknown': 'This servicing action does not exist. Use one of: {actions}.',
    'collections.action.required': 'This field is required.',
    'collections.action.channel': 'Choose where the payment was taken: by phone or at the store.',
    'collections.action.returnCode': 'Enter the return code the bank gave, one of {codes}.',
    'collections.action.dueDate': 'Enter the new due date as a calendar date (YYYY-MM-DD).',
    'collections.action.done': '{action}: done.',
    'collections.action.record-payment': 'Record a payment',
    'collections.action.waive-fee': 'Waive a fee',
    'collections.action.reverse-payment': 'Reverse a payment',
    'collections.action.move-due-date': 'Move the due date',
    'collections.action.charge-off': 'Charge off',
    'collections.action.reinstate': 'Reinstate',
    'collections.action.accept-return': 'Accept a return',
  },
  es: {
    'collections.action.unknown': 'Esta acción de cobranza no existe. Use una de: {actions}.',
    'collections.action.required': 'Este campo es obligatorio.',
    'collections.action.channel': 'Elija dónde se recibió el pago: por teléfono o en la tienda.',
    'collections.action.returnCode': 'Ingrese el código de devolución que dio el banco, uno de {codes}.',
    'collections.action.dueDate': 'Ingrese la nueva fecha de vencimiento como fecha de calendario (AAAA-MM-DD).',
    'collections.action.done': '{action}: hecho.',
    'collections.action.record-payment': 'Registrar un pago',
    'collections.action.waive-fee': 'Condonar un cargo',
    'collections.action.reverse-payment': 'Revertir un pago',
    'collections.action.move-due-date': 'Cambiar la fecha de vencimiento',
    'collections.action.charge-off': 'Castigar la cuenta',
    'collections.action.reinstate': 'Restablecer',
    'collections.action.accept-return': 'Aceptar una devolución',
  },
};
