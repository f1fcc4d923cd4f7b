import type { MessageArea } from './types.ts';

// Cost disclosures (result screen calculator, lease summary), the consent texts the shopper agrees to (ESIGN, the
// PIN message), and the staff labels of the consent record. `disclosure.*` and `consent.*` are shown to shoppers
// (checked for 'same as cash', 'interest', 'loan' and 'credit' by tests/unit/i18n/lease-wording.test.ts);
// the staff labels are in consents-staff.ts and the registered area in consents-area.ts (kept apart so that the
// shopper chunks carry only the shopper texts). A change to a consent text must bump its version in
// machines/contracts/consents.ts (CONSENT_TEXTS).

/** Shown to shoppers with the figures (bundled with the disclosure table). */
export const disclosureTexts: MessageArea = {
  en: {
    'disclosure.title': 'What this lease costs',
    'disclosure.caption': 'Cost of the lease for the amount, option and payment frequency you chose',
    'disclosure.col.item': 'Item',
    'disclosure.col.amount': 'Amount',
    'disclosure.numPayments': 'Number of payments',
    'disclosure.payment': 'Amount of each payment',
    'disclosure.paymentWithOcp': 'Each payment with the protection plan',
    'disclosure.totalOfPayments': 'Total of payments',
    'disclosure.totalOfPaymentsNote':
      'What you pay to own the merchandise by making every payment, not counting fees, taxes or the optional protection plan.',
    'disclosure.cashPrice': 'Cash price of what you lease',
    'disclosure.costOfLeasing': 'Cost of leasing',
    'disclosure.costOfLeasingNote': 'Total of payments minus the cash price.',
    'disclosure.fee.documentProcessingFee': 'Document Processing Fee',
    'disclosure.fee.leaseProcessFee': 'Lease Process Fee',
    'disclosure.fee.securityDeposit': 'Refundable Security Deposit',
    'disclosure.dueAtSigning': 'Due at signing',
    'disclosure.epo.title': 'Early purchase option',
    'disclosure.epo.within':
      'Within {days} days you can buy the merchandise for the cash price plus a {fee} early purchase fee, less the rent you paid. Buying it at signing would cost {payoff}.',
    'disclosure.epo.after':
      'After {days} days the price is {percent}% of the payments that remain. For example, on day {day}: {payoff}.',
    'disclosure.ocp.optional':
      'The protection plan is optional: you can lease without it. It costs {price} per payment.',
    'disclosure.ocp.included':
      'You chose the protection plan: {price} per payment, included in each payment above. You can lease without it.',
    'disclosure.ownership':
      'You own the merchandise only after you make every payment or use the early purchase option. You may return it at any time and stop paying.',
    'disclosure.state.title': 'Disclosures required in {state}',
    'disclosure.sr.money': '{dollars} dollars and {cents} cents',
    'disclosure.sr.moneyOne': '1 dollar and {cents} cents',
    'disclosure.sr.moneyWhole': '{dollars} dollars',
    'disclosure.sr.moneyOneWhole': '1 dollar',
    'disclosure.perFrequency.weekly': '{money} every week',
    'disclosure.perFrequency.14-day': '{money} every 14 days',
    'disclosure.perFrequency.28-day': '{money} every 28 days',
    'disclosure.perFrequency.semi-monthly': '{money} twice a month',
    'disclosure.perFrequency.monthly': '{money} every month',
  },
  es: {
    'disclosure.title': 'Lo que cuesta este arrendamiento',
    'disclosure.caption': 'Costo del arrendamiento para el monto, la opción y la frecuencia de pago que eligió',
    'disclosure.col.item': 'Concepto',
    'disclosure.col.amount': 'Monto',
    'disclosure.numPayments': 'Número de pagos',
    'disclosure.payment': 'Monto de cada pago',
    'disclosure.paymentWithOcp': 'Cada pago con el plan de protección',
    'disclosure.totalOfPayments': 'Total de pagos',
    'disclosure.totalOfPaymentsNote':
      'Lo que paga para ser dueño de la mercancía haciendo todos los pagos, sin contar cargos, impuestos ni el plan de protección opcional.',
    'disclosure.cashPrice': 'Precio al contado de lo arrendado',
    'disclosure.costOfLeasing': 'Costo del arrendamiento',
    'disclosure.costOfLeasingNote': 'Total de pagos menos el precio al contado.',
    'disclosure.fee.documentProcessingFee': 'Cargo por procesamiento de documentos',
    'disclosure.fee.leaseProcessFee': 'Cargo por proceso de arrendamiento',
    'disclosure.fee.securityDeposit': 'Depósito de garantía reembolsable',
    'disclosure.dueAtSigning': 'A pagar al firmar',
    'disclosure.epo.title': 'Opción de compra anticipada',
    'disclosure.epo.within':
      'Dentro de {days} días puede comprar la mercancía por el precio al contado más un cargo por compra anticipada de {fee}, menos la renta pagada. Comprarla al firmar costaría {payoff}.',
    'disclosure.epo.after':
      'Después de {days} días el precio es el {percent}% de los pagos que falten. Por ejemplo, el día {day}: {payoff}.',
    'disclosure.ocp.optional': 'El plan de protección es opcional: puede arrendar sin él. Cuesta {price} por pago.',
    'disclosure.ocp.included':
      'Eligió el plan de protección: {price} por pago, incluido en cada pago de arriba. Puede arrendar sin él.',
    'disclosure.ownership':
      'Será dueño de la mercancía solo después de hacer todos los pagos o usar la opción de compra anticipada. Puede devolverla en cualquier momento y dejar de pagar.',
    'disclosure.state.title': 'Divulgaciones requeridas en {state}',
    'disclosure.sr.money': '{dollars} dólares con {cents} centavos',
    'disclosure.sr.moneyOne': '1 dólar con {cents} centavos',
    'disclosure.sr.moneyWhole': '{dollars} dólares',
    'disclosure.sr.moneyOneWhole': '1 dólar',
    'disclosure.perFrequency.weekly': '{money} cada semana',
    'disclosure.perFrequency.14-day': '{money} cada 14 días',
    'disclosure.perFrequency.28-day': '{money} cada 28 días',
    'disclosure.perFrequency.semi-monthly': '{money} dos veces al mes',
    'disclosure.perFrequency.monthly': '{money} cada mes',
  },
};

/** The consent texts shoppers agree to (ESIGN at submit, the PIN message); versions in CONSENT_TEXTS. */
export const consentTexts: MessageArea = {
  en: {
    'consent.esign.text':
      'I agree to receive and sign my lease-purchase agreement, disclosures and notices electronically. I can ask for paper copies free of charge and can withdraw this consent at any time by calling customer service; withdrawing does not affect documents already signed. I need a device with a web browser and an e-mail address to view and keep these documents.',
    'consent.pin.sms':
      'By asking for your code by text message, you agree that we send one text message with the code to the mobile number in your application. Message and data rates may apply. No marketing messages.',
    'consent.pin.email':
      'By asking for your code by e-mail, you agree that we send one e-mail with the code to the address in your application. No marketing messages.',
  },
  es: {
    'consent.esign.text':
      'Acepto recibir y firmar electrónicamente mi contrato de arrendamiento con opción a compra, las divulgaciones y los avisos. Puedo pedir copias en papel sin costo y retirar este consentimiento en cualquier momento llamando a servicio al cliente; retirarlo no afecta los documentos ya firmados. Necesito un dispositivo con navegador web y una dirección de correo electrónico para ver y guardar estos documentos.',
    'consent.pin.sms':
      'Al pedir su código por mensaje de texto, acepta que le enviemos un mensaje de texto con el código al número móvil de su solicitud. Pueden aplicarse tarifas de mensajes y datos. Sin mensajes de mercadeo.',
    'consent.pin.email':
      'Al pedir su código por correo electrónico, acepta que le enviemos un correo con el código a la dirección de su solicitud. Sin mensajes de mercadeo.',
  },
};
