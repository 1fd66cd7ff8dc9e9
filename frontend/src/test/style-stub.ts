// Jest maps every `*.css` import here (see jest.config.js): styles mean nothing to jsdom.
export default {};
