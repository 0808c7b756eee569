import * as React from 'react';
import { graphql } from 'gatsby';

export default function BlogPost({ data }) {
  const post = data.markdownRemark;
  return (
    <article>
      <h1>{post.frontmatter.title}</h1>
      <time dateTime={post.frontmatter.date}>{post.frontmatter.date}</time>
      <section dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}

export const Head = ({ data }) => <title>{data.markdownRemark.frontmatter.title}</title>;

export const query = graphql`
  query BlogPostById($id: String!) {
    markdownRemark(id: { eq: $id }) {
      html
      frontmatter {
        title
        date
      }
    }
  }
`;
