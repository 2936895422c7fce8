import { createRoot } from 'react-dom/client';
import './styles/base.css';
import { App } from './app/App';

createRoot(document.getElementById('root')).render(<App />);
