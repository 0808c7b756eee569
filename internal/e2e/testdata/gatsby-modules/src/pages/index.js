import * as React from 'react';

export default function Home() {
  return <p>The harbour master's log: tides, boats and weather.</p>;
}

export const Head = () => <title>Harbour log</title>;
