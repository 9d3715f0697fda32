# Drops references to nodes and ways missing from an OSM extract, which tilemaker aborts on.
# usage: python fix_refs.py IN.osm.pbf OUT.osm.pbf   (needs PyPI osmium)
# From the vector-tile kit of the maprender test data (written for that kit); unchanged below.
import sys, osmium
src, dst = sys.argv[1], sys.argv[2]
nodes, ways, rels = set(), set(), set()
for o in osmium.FileProcessor(src):
    {'n': nodes, 'w': ways, 'r': rels}[o.type_str()].add(o.id)
kept_ways = set()
w = osmium.SimpleWriter(dst, overwrite=True)
for o in osmium.FileProcessor(src):
    t = o.type_str()
    if t == 'n':
        w.add_node(o)
    elif t == 'w':
        refs = [n.ref for n in o.nodes if n.ref in nodes]
        if len(refs) >= 2:
            kept_ways.add(o.id)
            w.add_way(o.replace(nodes=refs))
    else:
        ok = {'n': nodes, 'w': kept_ways, 'r': rels}
        mem = [(m.type, m.ref, m.role) for m in o.members if m.ref in ok[m.type]]
        if mem:
            w.add_relation(o.replace(members=mem))
w.close()
