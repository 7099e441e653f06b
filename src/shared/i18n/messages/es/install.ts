// La app en el móvil (issue 26): instalarla, y la página sin cobertura.
export default {
  'install.description': 'La app de la afición de {club}: registra tu visita, juega y gana.',
  'install.title': 'Lleva la app en tu móvil',
  'install.lead': 'Se abre con un toque desde tu pantalla de inicio y funciona en el estadio sin cobertura: tu visita se guarda y se envía después.',
  'install.button': 'Instalar la app',
  'install.done': 'La app ya está en tu pantalla de inicio.',
  'install.manual': 'En el menú del navegador, elige «Añadir a pantalla de inicio» o «Instalar app».',
  'offline.title': 'Estás sin conexión',
  'offline.lead': 'Ahora mismo no hay cobertura. La app seguirá donde lo dejaste en cuanto vuelvas a tener conexión.',
  'offline.kept': 'Las páginas que ya abriste en este móvil se siguen abriendo.',
  'offline.checkin': 'Tu visita diaria funciona sin cobertura: regístrala en el inicio y se enviará cuando vuelva la señal.',
  'offline.retry': 'Reintentar',
};
