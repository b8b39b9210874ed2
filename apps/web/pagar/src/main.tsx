/** @jsxImportSource preact */
import { render } from 'preact';
import { App } from './App';
import { takeLink } from './link';
import './pagar.css';

const { link, broken } = takeLink();
/** Back from the payment gateway: `/pagar?pago=<reference>`. */
const payment = new URLSearchParams(location.search).get('pago');
const root = document.getElementById('app') as HTMLElement;
root.textContent = '';
render(<App link={link} brokenLink={broken} payment={payment} />, root);
