export const metadata = { title: 'fixture' };
export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
