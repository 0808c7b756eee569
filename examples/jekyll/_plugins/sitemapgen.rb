# frozen_string_literal: true

# sitemapgen for Jekyll: copy this file into your site's _plugins/ folder,
# and `jekyll build` and `jekyll serve` write sitemapgen's sitemaps into the
# built site after every build. It replaces jekyll-sitemap: remove
# jekyll-sitemap from `plugins:` in _config.yml and from the Gemfile.
#
# It runs the sitemapgen binary (on the PATH, or the `binary:` below, or
# SITEMAPGEN_BINARY_PATH) in the site's source folder, on the built site
# (site.dest), with the base URL Jekyll has: url + baseurl. The keys under
# `sitemapgen:` in _config.yml are sitemapgen's flags, spelled with `_` or
# `-`:
#
#   sitemapgen:
#     robots: true              # --robots
#     lastmod_format: date      # --lastmod-format=date
#     exclude: [drafts/**]      # --exclude=drafts/** (a list repeats it)
#     binary: bin/sitemapgen    # the binary to run (not a flag)
#
# sitemapgen's summary and warnings go through Jekyll's logger; when it
# fails, the build fails with its message, and no Ruby backtrace (under
# `jekyll serve` and `--watch`, the message is an error and the server
# goes on: the next build tries again). See docs/jekyll.md.

require "open3"
require "pathname"

module SitemapgenJekyll
  # The keys of `sitemapgen:` that are not flags.
  OWN_KEYS = %w[binary].freeze
  # The line after a usage error, which points to --help.
  USAGE_LINE = /\ARun '.*' for usage\.\z/.freeze

  module_function

  # args returns sitemapgen's arguments for the site.
  def args(site, settings)
    args = ["build"]
    url = site.config["url"].to_s.chomp("/")
    unless url.empty?
      path = site.config["baseurl"].to_s.delete_prefix("/").chomp("/")
      args << "--base-url=#{url}/#{path.empty? ? "" : "#{path}/"}"
    end
    settings.each do |key, value|
      next if OWN_KEYS.include?(key.to_s)

      flag = "--#{key.to_s.tr("_", "-")}"
      Array(value).each do |v|
        args << (v == true ? flag : "#{flag}=#{v}")
      end
    end
    # The site folder as messages show it: relative to the source, where
    # sitemapgen runs (_site, not its absolute path).
    args << "--" << Pathname.new(site.dest).relative_path_from(Pathname.new(site.source)).to_s
  end

  # stop ends the build with message, as Jekyll's own errors look, and
  # without the 40 lines of Ruby backtrace that an exception out of a
  # hook costs (Jekyll prints it whatever the exception): the message
  # through the logger, then exit 1. Under `jekyll serve` or `--watch` it
  # is an error alone: the server goes on, and the next build runs
  # sitemapgen again.
  def stop(site, message)
    message.each_line { |line| Jekyll.logger.error("sitemapgen:", line.chomp.delete_prefix("sitemapgen: ")) }
    return if site.config["watch"] || site.config["serving"]

    Jekyll.logger.error("", "YOUR SITE'S SITEMAPS COULD NOT BE WRITTEN")
    $stdout.flush
    $stderr.flush
    exit!(1)
  end

  def run(site)
    settings = site.config["sitemapgen"] || {}
    unless settings.is_a?(Hash)
      return stop(site, "_config.yml: sitemapgen: is not a map of settings")
    end

    binary = settings["binary"] || ENV["SITEMAPGEN_BINARY_PATH"] || "sitemapgen"
    begin
      # SITEMAPGEN_RUN_BY: a hint names a setting as _config.yml's
      # sitemapgen: key, not as the flag.
      output, status = Open3.capture2e({ "SITEMAPGEN_RUN_BY" => "jekyll" }, binary, *args(site, settings), chdir: site.source)
    rescue SystemCallError => e
      return stop(site, "cannot run #{binary}: #{e.message} (install it: docs/jekyll.md)")
    end
    lines = output.lines.map(&:chomp)
    # The message, without the pointer to sitemapgen's --help that follows
    # a usage error.
    return stop(site, lines.grep_v(USAGE_LINE).join("\n")) unless status.success?

    # A warning's hint lines are warnings too.
    level = :info
    lines.each do |line|
      text = line.delete_prefix("sitemapgen: ")
      level = :info unless text.start_with?("hint:")
      level = :warn if line.include?("warning:")
      Jekyll.logger.public_send(level, "sitemapgen:", text)
    end
  end
end

Jekyll::Hooks.register :site, :post_write do |site|
  SitemapgenJekyll.run(site)
end
