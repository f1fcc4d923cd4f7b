import type { MessageArea } from './types.ts';

// Underwriting rules as data (issue 11): state rules, Security Settings and Queue Management (server messages and
// the staff screens).
export const staffRules: MessageArea = {
  en: {
    'staff.ui.nav.stateRules': 'State Rules',
    'staff.ui.nav.securitySettings': 'Security Settings',
    'staff.ui.nav.queueManagement': 'Queue Management',

    // server messages
    'staff.stateRules.saved': 'The rules of {state} were saved. The next decision uses them.',
    'staff.stateRules.validation.state': 'Use the two-letter code of a US state or DC (for example CA).',
    'staff.stateRules.validation.cap':
      'The cost cap must be a multiple of the cash price from 1 to 5 (for example 2.25), or empty for no cap.',
    'staff.stateRules.validation.boolean': 'Choose yes or no.',
    'staff.stateRules.validation.text': 'Enter the disclosures as text.',
    'staff.stateRules.validation.tooLong': 'The disclosures may be at most 5,000 characters.',
    'staff.rules.saved': 'Settings saved.',
    'staff.rules.ipRefused':
      'Sign-in to the staff portal is not allowed from your network address. Ask your system administrator to add it to the IP allow-list.',
    'staff.rules.validation.integer': 'Enter a whole number.',
    'staff.rules.validation.range': 'The value is out of the allowed range.',
    'staff.rules.validation.ip': 'Enter an IP address or a CIDR block (for example 203.0.113.0/24).',
    'staff.rules.validation.lockout': 'This allow-list would shut out your own address. Add it first, then save.',
    'staff.rules.validation.status': 'Choose a lease status from the list.',
    'staff.rules.validation.statusRequired': 'Choose at least one lease status.',
    'staff.rules.validation.role': 'This role does not exist (or is not a system role).',
    'staff.rules.password.tooShort': 'The password is shorter than the password policy allows.',
    'staff.rules.password.upper': 'The password needs an upper-case letter.',
    'staff.rules.password.lower': 'The password needs a lower-case letter.',
    'staff.rules.password.digit': 'The password needs a digit.',
    'staff.rules.password.symbol': 'The password needs a symbol.',

    // state rules screen
    'staff.ui.stateRules.intro':
      'Where leasing is offered, the cap on the total cost, the protection plan and the disclosures per state. A change applies to the next decision and lease.',
    'staff.ui.stateRules.state': 'State',
    'staff.ui.stateRules.offered': 'Leasing offered',
    'staff.ui.stateRules.notOffered': 'Not offered',
    'staff.ui.stateRules.cap': 'Total cost cap (x cash price)',
    'staff.ui.stateRules.noCap': 'No cap',
    'staff.ui.stateRules.ocp': 'Protection plan allowed',
    'staff.ui.stateRules.disclosures': 'Required disclosures',
    'staff.ui.stateRules.disclosuresHint': 'Printed in the agreement. Separate paragraphs with a blank line.',
    'staff.ui.stateRules.edit': 'Edit',
    'staff.ui.stateRules.editTitle': 'Rules of {state}',
    'staff.ui.stateRules.updated': 'Updated',
    'staff.ui.stateRules.filter': 'Filter states',

    // security settings screen
    'staff.ui.security.intro':
      'Password policy, session length, sign-in throttling and the IP allow-list of the staff portal.',
    'staff.ui.security.password': 'Password policy',
    'staff.ui.security.minLength': 'Minimum length',
    'staff.ui.security.requireUpper': 'Require an upper-case letter',
    'staff.ui.security.requireLower': 'Require a lower-case letter',
    'staff.ui.security.requireDigit': 'Require a digit',
    'staff.ui.security.requireSymbol': 'Require a symbol',
    'staff.ui.security.session': 'Sessions',
    'staff.ui.security.idleMinutes': 'Sign out after inactivity (minutes)',
    'staff.ui.security.absoluteHours': 'Longest session (hours)',
    'staff.ui.security.throttle': 'Sign-in throttling',
    'staff.ui.security.userLimit': 'Failed sign-ins allowed per user name',
    'staff.ui.security.ipLimit': 'Failed sign-ins allowed per IP address',
    'staff.ui.security.windowMinutes': 'Counting window (minutes)',
    'staff.ui.security.allowList': 'IP allow-list',
    'staff.ui.security.allowListHint': 'One address or CIDR block per line. Empty: staff may sign in from anywhere.',

    // queue management screen
    'staff.ui.queues.intro':
      'Which lease statuses feed each work queue, and which roles may claim from it (none ticked: anyone with the claim permission).',
    'staff.ui.queues.queue': 'Queue',
    'staff.ui.queues.statuses': 'Fed by statuses',
    'staff.ui.queues.roles': 'Roles that may claim',
    'staff.ui.queues.status.Y.delivered': 'Delivered / Awaiting Funding',

    'staff.ui.rules.save': 'Save',
    'staff.ui.rules.cancel': 'Cancel',
    'staff.ui.rules.saving': 'Saving…',
    'staff.ui.rules.loading': 'Loading…',
    'staff.ui.rules.readOnly': 'You may view these settings but not change them.',
    'staff.ui.rules.version': 'Version {v}, saved by {who} at {at}',
    'staff.ui.rules.defaults': 'Defaults (never saved)',
  },
  es: {
    'staff.ui.nav.stateRules': 'Reglas por estado',
    'staff.ui.nav.securitySettings': 'Configuración de seguridad',
    'staff.ui.nav.queueManagement': 'Gestión de colas',

    'staff.stateRules.saved': 'Se guardaron las reglas de {state}. La próxima decisión las usa.',
    'staff.stateRules.validation.state': 'Use el código de dos letras de un estado de EE. UU. o DC (por ejemplo CA).',
    'staff.stateRules.validation.cap':
      'El límite de costo debe ser un múltiplo del precio al contado entre 1 y 5 (por ejemplo 2.25), o vacío para no tener límite.',
    'staff.stateRules.validation.boolean': 'Elija sí o no.',
    'staff.stateRules.validation.text': 'Escriba las divulgaciones como texto.',
    'staff.stateRules.validation.tooLong': 'Las divulgaciones pueden tener como máximo 5.000 caracteres.',
    'staff.rules.saved': 'Configuración guardada.',
    'staff.rules.ipRefused':
      'No se permite iniciar sesión en el portal del personal desde su dirección de red. Pida a su administrador del sistema que la agregue a la lista de IP permitidas.',
    'staff.rules.validation.integer': 'Escriba un número entero.',
    'staff.rules.validation.range': 'El valor está fuera del rango permitido.',
    'staff.rules.validation.ip': 'Escriba una dirección IP o un bloque CIDR (por ejemplo 203.0.113.0/24).',
    'staff.rules.validation.lockout': 'Esta lista dejaría fuera su propia dirección. Agréguela primero y luego guarde.',
    'staff.rules.validation.status': 'Elija un estado de arrendamiento de la lista.',
    'staff.rules.validation.statusRequired': 'Elija al menos un estado de arrendamiento.',
    'staff.rules.validation.role': 'Este rol no existe (o no es un rol del sistema).',
    'staff.rules.password.tooShort': 'La contraseña es más corta de lo que permite la política de contraseñas.',
    'staff.rules.password.upper': 'La contraseña necesita una letra mayúscula.',
    'staff.rules.password.lower': 'La contraseña necesita una letra minúscula.',
    'staff.rules.password.digit': 'La contraseña necesita un dígito.',
    'staff.rules.password.symbol': 'La contraseña necesita un símbolo.',

    'staff.ui.stateRules.intro':
      'Dónde se ofrece el arrendamiento, el límite del costo total, el plan de protección y las divulgaciones por estado. Un cambio se aplica a la próxima decisión y al próximo arrendamiento.',
    'staff.ui.stateRules.state': 'Estado',
    'staff.ui.stateRules.offered': 'Arrendamiento ofrecido',
    'staff.ui.stateRules.notOffered': 'No se ofrece',
    'staff.ui.stateRules.cap': 'Límite del costo total (x precio al contado)',
    'staff.ui.stateRules.noCap': 'Sin límite',
    'staff.ui.stateRules.ocp': 'Plan de protección permitido',
    'staff.ui.stateRules.disclosures': 'Divulgaciones requeridas',
    'staff.ui.stateRules.disclosuresHint': 'Se imprimen en el contrato. Separe los párrafos con una línea en blanco.',
    'staff.ui.stateRules.edit': 'Editar',
    'staff.ui.stateRules.editTitle': 'Reglas de {state}',
    'staff.ui.stateRules.updated': 'Actualizado',
    'staff.ui.stateRules.filter': 'Filtrar estados',

    'staff.ui.security.intro':
      'Política de contraseñas, duración de la sesión, límite de intentos de inicio de sesión y la lista de IP permitidas del portal del personal.',
    'staff.ui.security.password': 'Política de contraseñas',
    'staff.ui.security.minLength': 'Longitud mínima',
    'staff.ui.security.requireUpper': 'Exigir una letra mayúscula',
    'staff.ui.security.requireLower': 'Exigir una letra minúscula',
    'staff.ui.security.requireDigit': 'Exigir un dígito',
    'staff.ui.security.requireSymbol': 'Exigir un símbolo',
    'staff.ui.security.session': 'Sesiones',
    'staff.ui.security.idleMinutes': 'Cerrar sesión tras inactividad (minutos)',
    'staff.ui.security.absoluteHours': 'Sesión más larga (horas)',
    'staff.ui.security.throttle': 'Límite de intentos de inicio de sesión',
    'staff.ui.security.userLimit': 'Intentos fallidos permitidos por usuario',
    'staff.ui.security.ipLimit': 'Intentos fallidos permitidos por dirección IP',
    'staff.ui.security.windowMinutes': 'Ventana de conteo (minutos)',
    'staff.ui.security.allowList': 'Lista de IP permitidas',
    'staff.ui.security.allowListHint':
      'Una dirección o bloque CIDR por línea. Vacía: el personal puede iniciar sesión desde cualquier lugar.',

    'staff.ui.queues.intro':
      'Qué estados de arrendamiento alimentan cada cola de trabajo y qué roles pueden tomar de ella (ninguno marcado: cualquiera con el permiso de tomar).',
    'staff.ui.queues.queue': 'Cola',
    'staff.ui.queues.statuses': 'Alimentada por los estados',
    'staff.ui.queues.roles': 'Roles que pueden tomar',
    'staff.ui.queues.status.Y.delivered': 'Entregado / En espera de financiamiento',

    'staff.ui.rules.save': 'Guardar',
    'staff.ui.rules.cancel': 'Cancelar',
    'staff.ui.rules.saving': 'Guardando…',
    'staff.ui.rules.loading': 'Cargando…',
    'staff.ui.rules.readOnly': 'Puede ver esta configuración pero no cambiarla.',
    'staff.ui.rules.version': 'Versión {v}, guardada por {who} el {at}',
    'staff.ui.rules.defaults': 'Valores predeterminados (nunca guardados)',
  },
};
