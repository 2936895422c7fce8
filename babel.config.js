// Babel: modern browsers for the bundle; the current Node for jest.
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      [
        '@babel/preset-env',
        isTest ? { targets: { node: 'current' } } : { targets: 'defaults and not dead, not op_mini all', bugfixes: true, modules: false },
      ],
      ['@babel/preset-react', { runtime: 'automatic' }],
    ],
  };
};
