import React from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';

export default function Home() {
  return (
    <Layout title="Home" description="The home page of the fixture site">
      <main style={{padding: '2rem'}}>
        <h1>Fixture Docs</h1>
        <p>
          Read the <Link to="/docs/intro">documentation</Link> or the{' '}
          <Link to="/blog">blog</Link>.
        </p>
      </main>
    </Layout>
  );
}
