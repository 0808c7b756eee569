import * as React from 'react';
import { graphql, Link } from 'gatsby';

export default function Category({ data, pageContext }) {
  return (
    <main>
      <h1>{pageContext.category}</h1>
      <p>Begin with {data.mdx.frontmatter.title}.</p>
      <ul>
        {data.allMdx.nodes.map((note) => (
          <li key={note.frontmatter.slug}>
            <h2>
              <Link to={`/notes/${note.frontmatter.slug}`}>{note.frontmatter.title}</Link>
            </h2>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const Head = ({ pageContext }) => <title>{pageContext.category}</title>;

export const query = graphql`
  query ($category: String!) {
    mdx(frontmatter: { category: { eq: $category } }) {
      frontmatter {
        title
      }
    }
    allMdx(filter: { frontmatter: { category: { eq: $category } } }) {
      nodes {
        frontmatter {
          title
          slug
        }
      }
    }
  }
`;
