export { LoginPage } from './components/LoginPage';
export { ForgotPasswordPage } from './components/ForgotPasswordPage';
export { ResetPasswordPage } from './components/ResetPasswordPage';
