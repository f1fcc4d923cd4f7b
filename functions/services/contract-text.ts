// The words of the rental-purchase agreement, in English and Spanish. They live with the contract template (not in the
// page catalogue) because only the server renders the contract. `{name}` placeholders are filled by `fill`.

export type ContractLang = 'en' | 'es';

const en = {
  title: 'Rental-Purchase Agreement',
  subtitle: 'Lease-to-own agreement for consumer merchandise',
  agreementNo: 'Agreement number',
  date: 'Date',
  lessor: 'Lessor (we, us)',
  store: 'Store',
  customer: 'Customer (you)',
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  email: 'E-mail',
  ssn: 'Social Security number',
  merchandise: 'Leased merchandise',
  qty: 'Qty',
  description: 'Description',
  sku: 'SKU',
  unitPrice: 'Unit Price (without tax)',
  total: 'Total',
  requiredPart: 'Required part',
  deliveryLine: 'Delivery and services',
  costDisclosures: 'Cost disclosures',
  option: 'Lease option',
  optionName: 'Option {option}',
  frequency: 'Payment frequency',
  numPayments: 'Number of payments',
  paymentAmount: 'Amount of each payment',
  paymentWithOcp: '{rent} rent + {ocp} optional protection = {total}',
  timing: 'Timing of payments',
  timingPrepaid:
    'The first payment is due when you sign. The next payment is due on {next}, then {every}; the last payment is due on {last}.',
  timingNoPrepaid: 'The first payment is due on {next}, then {every}; the last payment is due on {last}.',
  totalOfPayments: 'Total of payments',
  totalOfPaymentsNote:
    'The total you pay to own the merchandise by making every payment (not including fees, taxes or optional protection).',
  cashPrice: 'Cash price',
  cashPriceNote: 'What the merchandise and delivery would cost if bought for cash today.',
  paidTowardCash: 'Paid at signing toward the cash price',
  leasedCashPrice: 'Cash price of the leased amount',
  costOfLease: 'Cost of lease services',
  costOfLeaseNote: 'Total of payments minus the cash price of the leased amount.',
  fees: 'Fees',
  documentProcessingFee: 'Document Processing Fee',
  leaseProcessFee: 'Lease Process Fee',
  securityDeposit: 'Refundable security deposit',
  delivery: 'Delivery',
  dueAtSigning: 'Due at signing',
  dueAtSigningNote:
    'Fees, deposit, the first payment where it is due at signing, and any amount paid toward the cash price.',
  earlyPurchase: 'Early purchase option',
  earlyPurchaseText:
    'You may buy the merchandise at any time. Within {days} days of the start of this agreement the price is the cash price of the leased amount ({cash}) plus an early purchase fee of {fee}, less the rent you have paid. After {days} days the price is {percent}% of the payments that remain.',
  earlyPurchaseExample:
    'For example: buying at signing costs {atSigning}; buying on day {day}, after the early purchase window, costs {after}.',
  protection: 'Optional protection (OCP)',
  protectionChosen:
    'The protection plan is optional: you do not have to buy it to get this lease. It costs {weekly} per week ({perPayment} per payment). You chose to include it; you may cancel it at any time.',
  protectionDeclined:
    'The protection plan is optional: you do not have to buy it to get this lease. It costs {weekly} per week ({perPayment} per payment). You chose not to include it.',
  protectionUnavailable: 'No protection plan is offered with this lease.',
  ownership: 'Ownership',
  ownershipText:
    'We own the merchandise until you have made all the payments of this agreement or used the early purchase option. You will not own the merchandise until then.',
  returnRight: 'Your right to return the merchandise',
  returnRightText:
    'You may return the merchandise in good condition, ordinary wear excepted, at any time without further obligation except the payments past due on the day of return. You do not have to renew this agreement after any payment period.',
  stateDisclosures: 'Disclosures required by law',
  stateDisclosuresText:
    'This is a rental-purchase agreement, not a credit sale or installment sale: no credit is extended and no finance charge applies. If you miss a payment you may reinstate this agreement within the time your state allows without losing the payments already made. Your state may require further disclosures; they are part of this agreement. The total cost of this lease does not exceed the limit your state sets.',
  stateSpecific: 'Disclosures for residents of {state}',
  stateCapText: 'In {state} the total of payments may not exceed {cap} times the cash price of the leased merchandise.',
  signatures: 'Signatures',
  signatureText:
    'By signing electronically you agree to the terms of this agreement and confirm that you have received a copy.',
  customerSignature: 'Customer signature',
  every: {
    weekly: 'every week',
    '14-day': 'every 14 days',
    '28-day': 'every 28 days',
    'semi-monthly': 'twice a month',
    monthly: 'every month',
  },
  frequencyName: {
    weekly: 'Weekly',
    '14-day': 'Every 14 days',
    '28-day': 'Every 28 days',
    'semi-monthly': 'Semi-monthly',
    monthly: 'Monthly',
  },
};

type Texts = typeof en;

const es: Texts = {
  title: 'Contrato de arrendamiento con opción a compra',
  subtitle: 'Contrato de arrendamiento con opción a compra de mercancía de consumo',
  agreementNo: 'Número de contrato',
  date: 'Fecha',
  lessor: 'Arrendador (nosotros)',
  store: 'Tienda',
  customer: 'Cliente (usted)',
  name: 'Nombre',
  address: 'Dirección',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  ssn: 'Número de Seguro Social',
  merchandise: 'Mercancía arrendada',
  qty: 'Cant.',
  description: 'Descripción',
  sku: 'SKU',
  unitPrice: 'Precio unitario (sin impuestos)',
  total: 'Total',
  requiredPart: 'Pieza requerida',
  deliveryLine: 'Entrega y servicios',
  costDisclosures: 'Información de costos',
  option: 'Opción de arrendamiento',
  optionName: 'Opción {option}',
  frequency: 'Frecuencia de pago',
  numPayments: 'Número de pagos',
  paymentAmount: 'Monto de cada pago',
  paymentWithOcp: '{rent} de renta + {ocp} de protección opcional = {total}',
  timing: 'Calendario de pagos',
  timingPrepaid:
    'El primer pago vence al firmar. El siguiente pago vence el {next}, luego {every}; el último pago vence el {last}.',
  timingNoPrepaid: 'El primer pago vence el {next}, luego {every}; el último pago vence el {last}.',
  totalOfPayments: 'Total de pagos',
  totalOfPaymentsNote:
    'Lo que usted paga para ser dueño de la mercancía haciendo todos los pagos (sin cargos, impuestos ni protección opcional).',
  cashPrice: 'Precio de contado',
  cashPriceNote: 'Lo que costarían hoy la mercancía y la entrega si se compraran al contado.',
  paidTowardCash: 'Pagado al firmar a cuenta del precio de contado',
  leasedCashPrice: 'Precio de contado del monto arrendado',
  costOfLease: 'Costo de los servicios de arrendamiento',
  costOfLeaseNote: 'Total de pagos menos el precio de contado del monto arrendado.',
  fees: 'Cargos',
  documentProcessingFee: 'Cargo por procesamiento de documentos',
  leaseProcessFee: 'Cargo por proceso de arrendamiento',
  securityDeposit: 'Depósito de garantía reembolsable',
  delivery: 'Entrega',
  dueAtSigning: 'A pagar al firmar',
  dueAtSigningNote:
    'Cargos, depósito, el primer pago cuando vence al firmar y cualquier monto pagado a cuenta del precio de contado.',
  earlyPurchase: 'Opción de compra anticipada',
  earlyPurchaseText:
    'Usted puede comprar la mercancía en cualquier momento. Dentro de los {days} días desde el inicio de este contrato el precio es el precio de contado del monto arrendado ({cash}) más un cargo por compra anticipada de {fee}, menos la renta que usted haya pagado. Después de {days} días el precio es el {percent}% de los pagos que falten.',
  earlyPurchaseExample:
    'Por ejemplo: comprar al firmar cuesta {atSigning}; comprar el día {day}, después del periodo de compra anticipada, cuesta {after}.',
  protection: 'Protección opcional (OCP)',
  protectionChosen:
    'El plan de protección es opcional: no tiene que comprarlo para obtener este arrendamiento. Cuesta {weekly} por semana ({perPayment} por pago). Usted eligió incluirlo; puede cancelarlo en cualquier momento.',
  protectionDeclined:
    'El plan de protección es opcional: no tiene que comprarlo para obtener este arrendamiento. Cuesta {weekly} por semana ({perPayment} por pago). Usted eligió no incluirlo.',
  protectionUnavailable: 'Este arrendamiento no ofrece plan de protección.',
  ownership: 'Propiedad',
  ownershipText:
    'Nosotros somos dueños de la mercancía hasta que usted haga todos los pagos de este contrato o use la opción de compra anticipada. Usted no será dueño de la mercancía hasta entonces.',
  returnRight: 'Su derecho a devolver la mercancía',
  returnRightText:
    'Usted puede devolver la mercancía en buen estado, salvo el desgaste normal, en cualquier momento sin más obligación que los pagos vencidos el día de la devolución. No tiene que renovar este contrato después de ningún periodo de pago.',
  stateDisclosures: 'Información requerida por la ley',
  stateDisclosuresText:
    'Este es un contrato de arrendamiento con opción a compra, no una venta a crédito ni a plazos: no se otorga crédito y no se cobran cargos financieros. Si no hace un pago puede restablecer este contrato dentro del plazo que permita su estado sin perder los pagos ya hechos. Su estado puede exigir más información; esa información forma parte de este contrato. El costo total de este arrendamiento no supera el límite que fija su estado.',
  stateSpecific: 'Información para residentes de {state}',
  stateCapText:
    'En {state} el total de los pagos no puede superar {cap} veces el precio al contado de la mercancía arrendada.',
  signatures: 'Firmas',
  signatureText:
    'Al firmar electrónicamente usted acepta los términos de este contrato y confirma que recibió una copia.',
  customerSignature: 'Firma del cliente',
  every: {
    weekly: 'cada semana',
    '14-day': 'cada 14 días',
    '28-day': 'cada 28 días',
    'semi-monthly': 'dos veces al mes',
    monthly: 'cada mes',
  },
  frequencyName: {
    weekly: 'Semanal',
    '14-day': 'Cada 14 días',
    '28-day': 'Cada 28 días',
    'semi-monthly': 'Quincenal',
    monthly: 'Mensual',
  },
};

export const CONTRACT_TEXT: Record<ContractLang, Texts> = { en, es };

export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
