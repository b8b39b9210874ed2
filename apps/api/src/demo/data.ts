import type { Province } from '@cobranzas/shared';

/** Reference lists for the demo portfolio: fictional people and firms with Argentine flavor. */

/** Lists are written as one comma-separated string so they stay compact. */
const list = (text: string): readonly string[] => text.split(',');

export const MALE_NAMES = list(
  'Juan,Carlos,Jorge,Luis,Miguel,José,Martín,Diego,Pablo,Sergio,Alejandro,Fernando,Gustavo,' +
    'Ricardo,Daniel,Marcelo,Matías,Nicolás,Facundo,Santiago,Gonzalo,Lucas,Ezequiel,Hernán,' +
    'Walter,Raúl,Héctor',
);

export const FEMALE_NAMES = list(
  'María,Ana,Laura,Silvia,Graciela,Patricia,Claudia,Marcela,Gabriela,Lucía,Sofía,Valeria,' +
    'Florencia,Carolina,Natalia,Romina,Julieta,Paula,Mariana,Verónica,Lorena,Andrea,Micaela,' +
    'Agustina,Camila,Noelia,Inés',
);

export const LAST_NAMES = list(
  'González,Rodríguez,Gómez,Fernández,López,Díaz,Martínez,Pérez,García,Sánchez,Romero,Sosa,' +
    'Álvarez,Torres,Ruiz,Ramírez,Flores,Benítez,Acosta,Medina,Herrera,Suárez,Aguirre,Giménez,' +
    'Gutiérrez,Pereyra,Rojas,Molina,Castro,Ortiz,Silva,Núñez,Luna,Juárez,Cabrera,Ríos,Ferreyra,' +
    'Godoy,Morales,Domínguez,Moreno,Peralta,Vega,Carrizo,Quiroga,Ponce,Ledesma,Vázquez,Cáceres,' +
    'Rossi,Russo,Bianchi,Ferrari,Iglesias,Paz',
);

export const STREETS = list(
  'Av. Rivadavia,Av. Corrientes,San Martín,Belgrano,Sarmiento,Mitre,Moreno,25 de Mayo,' +
    '9 de Julio,Av. Colón,Lavalle,Urquiza,Güemes,Alberdi,Italia,Av. Libertador,Pellegrini,' +
    'Las Heras,Av. Independencia,Entre Ríos,Maipú',
);

/** Province → [city, postal code, phone area code]; weight ≈ share of the portfolio. */
export const PLACES: { province: Province; weight: number; cities: [string, string, string][] }[] = [
  {
    province: 'Buenos Aires',
    weight: 30,
    cities: [
      ['La Plata', '1900', '221'],
      ['Mar del Plata', '7600', '223'],
      ['Quilmes', '1878', '11'],
      ['Morón', '1708', '11'],
      ['Bahía Blanca', '8000', '291'],
      ['San Isidro', '1642', '11'],
    ],
  },
  { province: 'Ciudad Autónoma de Buenos Aires', weight: 20, cities: [['CABA', '1414', '11']] },
  {
    province: 'Córdoba',
    weight: 10,
    cities: [
      ['Córdoba', '5000', '351'],
      ['Río Cuarto', '5800', '358'],
    ],
  },
  {
    province: 'Santa Fe',
    weight: 9,
    cities: [
      ['Rosario', '2000', '341'],
      ['Santa Fe', '3000', '342'],
    ],
  },
  {
    province: 'Mendoza',
    weight: 5,
    cities: [
      ['Mendoza', '5500', '261'],
      ['San Rafael', '5600', '260'],
    ],
  },
  { province: 'Tucumán', weight: 4, cities: [['San Miguel de Tucumán', '4000', '381']] },
  { province: 'Entre Ríos', weight: 3, cities: [['Paraná', '3100', '343']] },
  { province: 'Salta', weight: 3, cities: [['Salta', '4400', '387']] },
  { province: 'Misiones', weight: 2, cities: [['Posadas', '3300', '376']] },
  { province: 'Chaco', weight: 2, cities: [['Resistencia', '3500', '362']] },
  { province: 'Corrientes', weight: 2, cities: [['Corrientes', '3400', '379']] },
  { province: 'Neuquén', weight: 2, cities: [['Neuquén', '8300', '299']] },
  { province: 'San Juan', weight: 2, cities: [['San Juan', '5400', '264']] },
  { province: 'Jujuy', weight: 1, cities: [['San Salvador de Jujuy', '4600', '388']] },
  { province: 'Río Negro', weight: 1, cities: [['San Carlos de Bariloche', '8400', '294']] },
  { province: 'Chubut', weight: 1, cities: [['Comodoro Rivadavia', '9000', '297']] },
  { province: 'La Pampa', weight: 1, cities: [['Santa Rosa', '6300', '2954']] },
  { province: 'Santiago del Estero', weight: 1, cities: [['Santiago del Estero', '4200', '385']] },
  { province: 'San Luis', weight: 1, cities: [['San Luis', '5700', '266']] },
];

export const EMPLOYERS = list(
  'Comercio minorista,Municipalidad local,Metalúrgica del Sur S.A.,Supermercados Día,Autónomo,' +
    'Jubilado/a,Construcciones Norte S.R.L.,Ministerio de Educación,Transportes Andinos S.A.,' +
    'Hospital provincial',
);

/** Client companies: name, contact, kind of portfolio (collection types by name), commission %. */
export const COMPANIES = [
  {
    name: 'Banco del Plata S.A.',
    contact: 'Roberto Giménez',
    types: ['Tarjeta de crédito', 'Préstamo personal'],
    commission: '18.00',
  },
  {
    name: 'Tarjeta Austral S.A.',
    contact: 'Sandra Luna',
    types: ['Tarjeta de crédito'],
    commission: '20.00',
  },
  {
    name: 'Telefónica Pampeana S.A.',
    contact: 'Alberto Quiroga',
    types: ['Telefonía', 'Servicios'],
    commission: '25.00',
  },
  {
    name: 'Créditos Andinos S.A.',
    contact: 'Mónica Peralta',
    types: ['Préstamo personal', 'Préstamo prendario'],
    commission: '15.50',
  },
  { name: 'Energía del Litoral S.A.', contact: 'Jorge Castro', types: ['Servicios'], commission: '22.00' },
] as const;

/** Collection types with the range (whole pesos) of an original amount and a reference prefix. */
export const COLLECTION_TYPES: Record<string, { min: number; max: number; prefix: string }> = {
  'Tarjeta de crédito': { min: 40_000, max: 1_200_000, prefix: 'TC' },
  'Préstamo personal': { min: 150_000, max: 3_500_000, prefix: 'PP' },
  'Préstamo prendario': { min: 1_500_000, max: 9_000_000, prefix: 'PR' },
  Servicios: { min: 8_000, max: 180_000, prefix: 'SV' },
  Telefonía: { min: 5_000, max: 120_000, prefix: 'TEL' },
};

export const EVENT_TYPES: Record<string, string[]> = {
  Llamada: ['Al celular', 'Al teléfono fijo', 'Al trabajo', 'A un referente'],
  WhatsApp: ['Mensaje', 'Audio', 'Envío de propuesta'],
  'Carta documento': ['Intimación de pago', 'Última intimación'],
  Visita: ['Domicilio particular', 'Domicilio laboral'],
  'Correo electrónico': ['Aviso de deuda', 'Envío de liquidación'],
};

export const OUTCOMES = [
  'Promesa de pago',
  'No contesta',
  'Número equivocado',
  'Se niega a pagar',
  'Solicita plan de pagos',
  'Informa que ya pagó',
  'Deudor fallecido',
  'Mensaje dejado',
] as const;

export const EMBARGO_TYPES = ['Sueldo', 'Cuenta bancaria', 'Automotor', 'Inmueble'] as const;

export const EVENT_NOTES: Record<string, string[]> = {
  'Promesa de pago': ['Se compromete a pagar el viernes.', 'Promete transferir a fin de mes.'],
  'No contesta': ['Sin respuesta, volver a intentar.', 'Suena y no atiende.'],
  'Número equivocado': ['Atiende otra persona, no lo conoce.'],
  'Se niega a pagar': ['Desconoce la deuda.', 'Dice que no va a pagar.'],
  'Solicita plan de pagos': ['Pide cuotas, se envía propuesta.', 'Acepta plan en cuotas.'],
  'Informa que ya pagó': ['Dice haber pagado, pedir comprobante.'],
  'Deudor fallecido': ['Informa un familiar. Solicitar partida.'],
  'Mensaje dejado': ['Se deja mensaje con un familiar.', 'Se deja mensaje de voz.'],
};

export const OBSERVATIONS = [
  'Deudor con buena predisposición, cobra a principio de mes.',
  'Cambió de trabajo: pedir nuevo domicilio laboral.',
  'Solicitar copia del contrato al cliente.',
  'No llamar antes de las 10: trabaja de noche.',
  'Tiene otra deuda con la misma compañía.',
  'Verificar domicilio: la carta documento volvió.',
  'Propuso quita del 30 %: consultar con el cliente.',
] as const;

export const COURTS = [
  'Juzgado Nacional de Primera Instancia en lo Comercial N° 12',
  'Juzgado Civil y Comercial N° 3 de La Plata',
  'Juzgado de Primera Instancia Civil y Comercial N° 8 de Rosario',
  'Juzgado Civil y Comercial N° 21 de Córdoba',
] as const;

export const BANKS = ['Banco de la Nación Argentina', 'Banco Provincia', 'Banco Ciudad'] as const;

export const COLLECTORS = list(
  'Lucía Fernández,Martín Acosta,Carolina Medina,Diego Herrera,Valeria Sosa,Pablo Ríos',
);
