// Loaded after swagger-ui-bundle.js, as a file of its own: the Content-Security-Policy runs no inline script.
globalThis.SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#api-reference',
  layout: 'BaseLayout',
  deepLinking: true,
  displayOperationId: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  // A reference to read: requests are tried from a client of one's own, with one's own token.
  supportedSubmitMethods: [],
  // The default sends the document to validator.swagger.io for a badge: nothing leaves the shop.
  validatorUrl: null,
});
