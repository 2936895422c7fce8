// Builds the React app into frontend/static/frontend/, where Django's staticfiles finds it.
// frontend.views.app serves the generated index.html for every client route.
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');

const OUTPUT = path.resolve(__dirname, 'frontend/static/frontend');
// Budget for what a shopper downloads before the first paint (a fast first load on phones; docs/performance.md).
const INITIAL_JS_BUDGET = Number(process.env.JS_BUDGET_KB || 150) * 1024;

// Prints each emitted JS file's gzipped size and fails the build when what the main entry needs
// before its first render goes over the budget.
class BundleSizePlugin {
  apply(compiler) {
    compiler.hooks.done.tap('BundleSizePlugin', (stats) => {
      const { compilation } = stats;
      const outDir = compilation.outputOptions.path;
      const gz = (name) => zlib.gzipSync(fs.readFileSync(path.join(outDir, name)), { level: 9 }).length;
      const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
      const files = Object.keys(compilation.assets)
        .filter((name) => name.endsWith('.js'))
        .sort();
      files.forEach((name) => console.log(`  ${kb(gz(name)).padStart(9)} gz  ${name}`));
      const initial = compilation.entrypoints
        .get('main')
        .getFiles()
        .filter((f) => f.endsWith('.js'));
      const total = initial.reduce((sum, name) => sum + gz(name), 0);
      console.log(`  main entry initial JS (${initial.length} files): ${kb(total)} gzipped, budget ${kb(INITIAL_JS_BUDGET)}`);
      if (total > INITIAL_JS_BUDGET) {
        compilation.errors.push(new Error(`Initial JS ${kb(total)} gzipped exceeds the ${kb(INITIAL_JS_BUDGET)} budget`));
        process.exitCode = 1;
      }
    });
  }
}

module.exports = (env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './frontend/src/index.jsx' },
    output: {
      path: OUTPUT,
      publicPath: '/static/frontend/',
      filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: { extensions: ['.js', '.jsx'] },
    devtool: production ? false : 'source-map',
    module: {
      rules: [
        { test: /\.jsx?$/, exclude: /node_modules/, use: 'babel-loader' },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './frontend/src/index.html',
        filename: 'index.html',
        scriptLoading: 'defer',
        minify: production,
      }),
      new MiniCssExtractPlugin({
        filename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
        chunkFilename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
      }),
      ...(production ? [new BundleSizePlugin()] : []),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      // The webpack runtime stays in its own file: no inline script (CSP script-src 'self').
      runtimeChunk: 'single',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // React and friends change rarely: a separate long-cached file.
          vendor: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
            name: 'vendor',
            chunks: 'initial',
            priority: 20,
          },
        },
      },
    },
    performance: { hints: false },
    stats: production ? 'errors-warnings' : 'normal',
  };
};
