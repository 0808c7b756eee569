import * as React from 'react';
import { graphql, Link } from 'gatsby';

export default function Home({ data }) {
  return (
    <main>
      <h1>Lamp room</h1>
      <ul>
        {data.allMdx.nodes.map((post) => (
          <li key={post.id}>
            <h2>
              <Link to={post.frontmatter.slug}>{post.frontmatter.title}</Link>
            </h2>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const Head = () => <title>Lamp room</title>;

export const query = graphql`
  {
    allMdx(
      filter: { internal: { contentFilePath: { regex: "/content/posts/" } } }
      sort: { frontmatter: { date: DESC } }
    ) {
      nodes {
        id
        frontmatter {
          title
          slug
        }
      }
    }
  }
`;
