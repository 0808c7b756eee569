package sitegen

import "strings"

// words is the vocabulary of titles, slugs and paragraphs: the nouns and
// verbs of a software project's site.
var words = strings.Fields(`
access account action adapter address agent alert algorithm alias analytics
anchor android api app archive argument array asset async attribute audit
author autoscale backend backup badge balance banner batch benchmark binary
bitmap block blog board bookmark boot bootstrap branch bridge broker browser
bucket buffer build bundle button cache callback canary canvas card catalog
certificate changelog channel chart checkout checksum cipher circuit class
cli client clock cloud cluster codec collector column command comment commit
compiler component compose compression config connector console consumer
container context contract controller cookie coroutine counter crawler cron
cursor dashboard database dataset debugger decoder default delta dependency
deploy descriptor device diff digest directory disk dispatcher dns document
domain download driver dump editor element emitter encoder endpoint engine
entity entry environment event exporter extension feature feed fetch field
file filter firmware fixture flag flow folder font fork form format fragment
frame framework function gateway generator getter glob gradient graph grid
guard guide handler hash header heap helper hook host hotfix icon identity
image import index indexer inspector installer instance interface invoice
issue iterator job journal kernel key keyboard label lambda latency layer
layout ledger library license limit linker listener loader locale lock log
logger loop manifest map marker matrix media memory menu merge message meta
method metric middleware migration mirror mock modal model module monitor
mount mutex namespace network node notebook notifier object observer offset
operator option orchestrator origin outline output overlay package packet
page pager palette panel parser partition patch path payload peer permission
pipeline pixel platform plugin pointer policy pool port portal preset
preview printer probe process producer profile program project prompt
property protocol provider proxy publisher query queue quota range reactor
reader record reducer refactor region registry release renderer replica
report repository request resolver resource response revision role rollback
route router rule runner runtime sample sandbox scaler scanner schedule
schema scope screen script sdk search secret section selector sensor
sequence server service session setting shard shell sidebar signal sitemap
sketch slider snapshot socket sorter source span spinner spool stack stage
state stream string stub style subnet summary switch symbol sync syntax
table tag target task template tenant terminal test thread throttle ticket
timeline timer toggle token toolbar topic trace tracker transaction
transform tree trigger tunnel tutorial type upload user utility validator
value variable vector vendor version view viewport volume wallet watcher
webhook widget window wizard worker workflow workspace wrapper zone
`)

// oddNames stand in for a word now and then: names a URL must
// percent-encode (spaces, letters outside ASCII, in composed and in other
// scripts) and that XML must escape ('&', "'"), as real sites have them.
var oddNames = []string{
	"café", "crème brûlée", "naïve bayes", "Zürich office", "São Paulo",
	"日本語", "東京", "数据", "한국어", "Ελληνικά", "русский", "עברית",
	"q&a", "r&d", "tips & tricks", "it's new", "don't panic", "rock 'n' roll",
	"hello world", "read me first", "c++", "año nuevo", "smörgåsbord",
	"niño", "résumé",
}
