module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/frontend/src'],
  testMatch: ['<rootDir>/frontend/src/**/__tests__/**/*.test.js?(x)'],
  setupFilesAfterEnv: ['<rootDir>/frontend/src/test/setup.js'],
  moduleFileExtensions: ['js', 'jsx', 'json'],
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    '\\.(png|jpe?g|gif|svg|webp)$': '<rootDir>/frontend/src/test/fileStub.js',
  },
  transform: { '\\.[jt]sx?$': 'babel-jest' },
  clearMocks: true,
  // One worker per core: jest's default leaves a core to its own process, which mostly waits.
  maxWorkers: '100%',
};
