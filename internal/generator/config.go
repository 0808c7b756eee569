package generator

import "github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"

// The readers of package conffile, by the names this package's code
// knew them by.
var (
	configErrorf   = conffile.Errorf
	readConfigFile = conffile.ReadConfigFile
	normalize      = conffile.Normalize
	kindOf         = conffile.KindOf
	stringValue    = conffile.StringValue
	boolValue      = conffile.BoolValue
	stringList     = conffile.StringList
	hasFolder      = conffile.HasFolder
	readIn         = conffile.ReadIn
	isFile         = conffile.IsFile
	yamlError      = conffile.YAMLError
	keyLine        = conffile.KeyLine
)
