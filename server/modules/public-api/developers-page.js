/* The script of /developers: starts the bundled Swagger UI on the generated OpenAPI document and
   makes the examples copyable. Plain browser JavaScript, served as it is (no build step). */
/* global window, document, SwaggerUIBundle */

window.addEventListener('DOMContentLoaded', () => {
  SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#api-reference',
    deepLinking: true,
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    // The default validator badge calls validator.swagger.io: nothing leaves this site.
    validatorUrl: null,
  });

  for (const button of document.querySelectorAll('button[data-copy]')) {
    button.addEventListener('click', async () => {
      const source = document.getElementById(button.getAttribute('data-copy'));
      const status = button.nextElementSibling;
      try {
        await navigator.clipboard.writeText(source ? source.textContent : '');
        if (status) status.textContent = 'Copied to the clipboard.';
      } catch {
        if (status) status.textContent = 'Copy failed: select the text and copy it.';
      }
    });
  }
});
